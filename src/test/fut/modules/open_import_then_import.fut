-- "import" of a file is a module expression that is neither applied nor an argument: an
-- "open import" followed by an "import" declaration, or a module followed by one, is two
-- declarations.
-- ==
-- input { 2i32 } output { 3i32 }
module m = {
  open import "import_helper"
}
import "import_helper"
entry main (x: i32) = m.inc x

-- open brings module members into scope; local hides helper definitions.
-- ==
-- input { 2i32 }
-- output { 7i32 }
module util = {
  local def helper (x: i32) = x * 3
  def triple_plus (x: i32) = helper x + 1
}
open util
entry main (x: i32) : i32 = triple_plus x

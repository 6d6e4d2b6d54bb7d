-- | A file may start with a documentation comment of its own, and one on its first declaration.
-- ==
-- input { 4i32 } output { 10i32 }

-- | Documents `twice`; a documentation comment goes on over the comment lines that follow it
-- directly.
--
-- Like this one.
def twice (x: i32) = x + x

-- | Module types document their specifications.
module type adder = {
  -- | Adds.
  val add : i32 -> i32 -> i32
}

module plus : adder = {
  -- | Declarations in modules, too.
  def add (x: i32) (y: i32) = x + y
}

local
-- | After 'local', before what it makes local.
def two = 2i32

-- | An entry point.
entry main (x: i32) : i32 = plus.add (twice x) two -- a plain comment -- | is not documentation

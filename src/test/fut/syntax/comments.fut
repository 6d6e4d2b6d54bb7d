-- Line comments and documentation comments anywhere between tokens.
-- ==
-- input { 1i32 }
-- output { 3i32 }
def one = 1 -- the test block ends at the first line that is not a comment

-- | A documented function.
-- It spans two lines.
def f (x: i32) = -- trailing comment
  x -- after a name
  + 1 -- after a literal
-- a comment before the entry point
entry main (x: i32) : i32 = f (f x) + one - one -- end

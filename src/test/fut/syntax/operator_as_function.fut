-- Built-in operators in parentheses are ordinary functions.
-- ==
-- input { 3i32 5i32 }
-- output { 8i32 true 9i32 }
entry main (a: i32) (b: i32) : (i32, bool, i32) =
  ((+) a b, (<) a b, (**) a 2)

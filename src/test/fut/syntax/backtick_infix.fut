-- Backtick turns a named function into a left-associative infix operator.
-- ==
-- input { 5i32 }
-- output { 2i32 5i32 7i32 }
def minus (a: i32) (b: i32) = a - b
entry main (x: i32) : (i32, i32, i32) =
  (x `minus` 3, 10 `minus` 3 `minus` 2, 7 `i32.max` x)

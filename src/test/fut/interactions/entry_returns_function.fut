-- An entry point whose result is a function takes that function's parameters as well (it is
-- eta-expanded, as the reference does), even when the function comes from a partial application.
-- ==
-- input { 2i32 3i32 }
-- output { 5i32 }
def add (x: i32) (y: i32) = x + y
entry main (x: i32) : i32 -> i32 = add x

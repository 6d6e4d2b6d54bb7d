-- flip swaps the arguments of a binary function.
-- ==
-- input { 10i32 3i32 }
-- output { 7i32 -7i32 }
entry main (a: i32) (b: i32) : (i32, i32) = ((-) a b, flip (-) a b)

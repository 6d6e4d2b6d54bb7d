-- A higher-order function returning a function, composed with another that takes one.
-- ==
-- input { 3i32 } output { 11i32 }
-- input { -8i32 } output { 0i32 }
def adder (k: i32) : i32 -> i32 = \x -> x + k
def twice (f: i32 -> i32) : i32 -> i32 = \x -> f (f x)
entry main (x: i32) : i32 = twice (adder 4) x

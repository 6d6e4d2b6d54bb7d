-- Function-typed parameters written with arrow types and named parameters.
-- ==
-- input { 5i32 }
-- output { 11i32 40i32 }
def compose 'a 'b 'c (g: b -> c) (f: a -> b) : a -> c = \x -> g (f x)
def apply_n (n: i32) (f: i32 -> i32) (x: i32) : i32 = loop x for _i < n do f x
entry main (x: i32) : (i32, i32) = (compose (+ 1) (* 2) x, apply_n 3 (* 2) x)

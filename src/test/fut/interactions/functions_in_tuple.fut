-- A tuple of sections passed to a function that projects and applies them.
-- ==
-- input { 4i32 } output { 5i32 12i32 }
def apply_pair (p: (i32 -> i32, i32 -> i32)) (x: i32) : (i32, i32) = (p.0 x, p.1 x)
entry main (x: i32) : (i32, i32) = apply_pair ((+ 1), (* 3)) x

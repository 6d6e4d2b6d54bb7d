-- Nested tuples built and taken apart inside the program.
-- ==
-- input { 1i32 2.5f32 true }
-- output { true 2.5f32 1i32 }
def flip3 (a: i32, (b: f32, c: bool)) : ((bool, f32), i32) = ((c, b), a)
entry main (a: i32) (b: f32) (c: bool) : (bool, f32, i32) =
  let ((x, y), z) = flip3 (a, (b, c)) in (x, y, z)

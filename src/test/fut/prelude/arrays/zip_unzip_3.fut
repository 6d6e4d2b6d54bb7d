-- zip3 and unzip3 are inverses.
-- ==
-- input { [1i32, 2i32] [0.5f32, 1.5f32] [true, false] }
-- output { [1i32, 2i32] [0.5f32, 1.5f32] [true, false] }
entry main [n] (a: [n]i32) (b: [n]f32) (c: [n]bool) : ([]i32, []f32, []bool) = unzip3 (zip3 a b c)

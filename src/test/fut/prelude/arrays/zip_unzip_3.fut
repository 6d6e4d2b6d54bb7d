-- zip3 and unzip3 are inverses.
-- ==
-- input { [1i32, 2i32] [0.5f32, 1.5f32] [true, false] }
-- output { [1i32, 2i32] [0.5f32, 1.5f32] [true, false] }
entry main (a: []i32) (b: []f32) (c: []bool) : ([]i32, []f32, []bool) = unzip3 (zip3 a b c)

-- hist with f32 addition and multiplication.
-- ==
-- input { [0i64, 1i64, 0i64, 2i64] [1.5f32, 2.0f32, 2.5f32, -1.0f32] }
-- output { [4.0f32, 2.0f32, -1.0f32] [3.75f32, 2.0f32, -1.0f32] }
entry main [n] (is: [n]i64) (vs: [n]f32) : ([]f32, []f32) = (hist (+) 0 3 is vs, hist (*) 1 3 is vs)

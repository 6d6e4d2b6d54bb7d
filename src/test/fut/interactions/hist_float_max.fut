-- hist with f32.max and negative infinity as the neutral element; empty bins stay -inf.
-- ==
-- input { [0i64, 2i64, 0i64] [1.5f32, -3.0f32, 2.5f32] } output { [2.5f32, -f32.inf, -3.0f32] }
entry main [n] (is: [n]i64) (vs: [n]f32) : []f32 = hist f32.max (-f32.inf) 3 is vs

-- Float comparisons and min/max with infinities.
-- ==
-- input { 3.5f32 }
-- output { true true 3.5f32 3.5f32 }
entry main (x: f32) : (bool, bool, f32, f32) = (x < f32.inf, -f32.inf < x, f32.min x f32.inf, f32.max x (-f32.inf))

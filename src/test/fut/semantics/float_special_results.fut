-- Math functions at the edges of their domains give NaN and infinities (IEEE/C99 semantics).
-- ==
-- input { 0.0f64 1.0f32 }
-- output { true -f64.inf f32.inf 0.0f64 true -8.0f32 }
entry main (z: f64) (o: f32) : (bool, f64, f32, f64, bool, f32) =
  (f64.isnan (f64.sqrt (z - 1)), f64.log z, f32.exp (o * 1000), f64.atan2 z z, f32.isnan (f32.acos (o + 1)), (-2 * o) ** 3)

-- Float division by zero gives infinities and NaN instead of an error.
-- ==
-- input { 2.0f32 0.0f32 }
-- output { f32.inf -f32.inf f32.nan true 0.0f32 }
entry main (x: f32) (z: f32) : (f32, f32, f32, bool, f32) =
  (x / z, -x / z, z / z, f32.isinf (x / z), 1 / (x / z))

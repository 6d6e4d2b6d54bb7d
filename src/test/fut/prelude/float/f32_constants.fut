-- f32.pi, e, highest and lowest (which are the infinities), nan and isnan/isinf classification.
-- ==
-- input { 1.5f32 }
-- output { 3.1415927410125732f32 2.7182817459106445f32 f32.inf -f32.inf true false true true false false }
entry main (x: f32) : (f32, f32, f32, f32, bool, bool, bool, bool, bool, bool) =
  (f32.pi, f32.e, f32.highest, f32.lowest,
   f32.isnan f32.nan, f32.isnan x, f32.isinf f32.inf, f32.isinf (-f32.inf), f32.isinf x, f32.nan == f32.nan)

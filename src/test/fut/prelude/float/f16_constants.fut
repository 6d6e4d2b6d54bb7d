-- f16.pi, e, highest and lowest (which are the infinities), nan and isnan/isinf classification.
-- ==
-- input { 1.5f16 }
-- output { 3.140625f16 2.71875f16 f16.inf -f16.inf true false true true false false }
entry main (x: f16) : (f16, f16, f16, f16, bool, bool, bool, bool, bool, bool) =
  (f16.pi, f16.e, f16.highest, f16.lowest,
   f16.isnan f16.nan, f16.isnan x, f16.isinf f16.inf, f16.isinf (-f16.inf), f16.isinf x, f16.nan == f16.nan)

-- f64.pi, e, highest and lowest (which are the infinities), nan and isnan/isinf classification.
-- ==
-- input { 1.5f64 }
-- output { 3.141592653589793f64 2.718281828459045f64 f64.inf -f64.inf true false true true false false }
entry main (x: f64) : (f64, f64, f64, f64, bool, bool, bool, bool, bool, bool) =
  (f64.pi, f64.e, f64.highest, f64.lowest,
   f64.isnan f64.nan, f64.isnan x, f64.isinf f64.inf, f64.isinf (-f64.inf), f64.isinf x, f64.nan == f64.nan)

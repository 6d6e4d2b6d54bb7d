-- Arithmetic with infinities: inf - inf is NaN, inf * 0 is NaN, inf + 1 is inf.
-- ==
-- input { 0.0f64 }
-- output { f64.nan f64.nan f64.inf -f64.inf }
entry main (x: f64) : (f64, f64, f64, f64) = let i = f64.inf in (i - i, i * x, i + 1, -i * 2)

-- A recursive call of a function with a higher-order parameter must be fully saturated.
-- ==
-- error: Recursive application of "apply_n" is not fully saturated: expected 3 arguments but got 2
def apply_n (n: i64) (g: f64 -> f64) (x: f64) : f64 =
  if n <= 0 then x else let h = apply_n (n - 1) g in h (g x)
entry main (x: f64) : f64 = apply_n 3 (* 2) x

-- A higher-order argument of a recursive call must be the corresponding parameter, unchanged.
-- ==
-- error: Higher-order argument in recursive application of "iter" must be passed unchanged
def iter (n: i64) (g: i64 -> i64) (x: i64) : i64 =
  if n == 0 then x else iter (n - 1) (\y -> g (g y)) x
entry main (x: i64) : i64 = iter 2 (+ 1) x

-- A let's size binder names a size of its own in the body: [m] below is not known to be n, the
-- value's size, so the rows cannot be zipped with an m-by-m array (the outer size stays n).
-- ==
-- error: Sizes "n" and "m" do not match
def square (n: i64) : [n][n]i32 = replicate n (replicate n 0)

entry main (n: i64) =
  let [m] (xss: [][m]i32) = square n
  in zip xss (replicate m (replicate m 1i32))

-- A discrete Fourier transform and its inverse with complex numbers as records and a small complex library.
-- ==
-- input { [1.0f64, 2.0f64, 0.0f64, -1.0f64, 3.0f64, 0.5f64] [0.0f64, -1.0f64, 1.0f64, 0.0f64, 2.0f64, 0.0f64] }
-- output { [5.5f64, 0.017949192431122418f64, -2.7499999999999964f64, 2.499999999999999f64, -2.7500000000000036f64, 3.4820508075688754f64] [2.0f64, -0.7009618943233432f64, -4.897114317029975f64, 4.000000000000001f64, 2.8971143170299687f64, -3.299038105676656f64] [0.9999999999999994f64, 1.9999999999999998f64, 1.1842378929335002e-15f64, -0.9999999999999983f64, 2.9999999999999996f64, 0.4999999999999983f64] [-7.401486830834377e-16f64, -0.9999999999999991f64, 1.0000000000000002f64, 6.661338147750939e-16f64, 1.9999999999999993f64, 1.0362081563168128e-15f64] }
type complex = {re: f64, im: f64}
def c0 : complex = {re = 0, im = 0}
def cadd (a: complex) (b: complex) : complex = {re = a.re + b.re, im = a.im + b.im}
def cmul (a: complex) (b: complex) : complex = {re = a.re * b.re - a.im * b.im, im = a.re * b.im + a.im * b.re}
def cis (t: f64) : complex = {re = f64.cos t, im = f64.sin t}
def cscale (s: f64) (a: complex) : complex = a with re = s * a.re with im = s * a.im

def dft [n] (sign: f64) (xs: [n]complex) : [n]complex =
  tabulate n (\k -> reduce cadd c0 (map2 (\j x -> cmul x (cis (sign * 2 * f64.pi * f64.i64 (j * k) / f64.i64 n))) (iota n) xs))

entry main [n] (re: [n]f64) (im: [n]f64) : ([n]f64, [n]f64, [n]f64, [n]f64) =
  let xs = map2 (\r i -> {re = r, im = i}) re im
  let ys = dft (-1) xs
  let zs = dft 1 ys |> map (cscale (1 / f64.i64 n))
  in (map (.re) ys, map (.im) ys, map (.re) zs, map (.im) zs)

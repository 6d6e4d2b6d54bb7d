-- Compute-bound, regular: European call prices (Black-Scholes) with exp, log, sqrt and erf.
def cnd (x: f64) : f64 = 0.5 * (1 + f64.erf (x / f64.sqrt 2))

entry main [n] (s: [n]f64) (k: [n]f64) (t: [n]f64) : [n]f64 =
  map3 (\s0 k0 t0 ->
          let s = 100 + 20 * s0
          let k = 100 + 20 * k0
          let t = 1.5 + t0
          let (r, v) = (0.02, 0.3)
          let d1 = (f64.log (s / k) + (r + v * v / 2) * t) / (v * f64.sqrt t)
          let d2 = d1 - v * f64.sqrt t
          in s * cnd d1 - k * f64.exp (-r * t) * cnd d2) s k t

-- Black-Scholes call and put prices with a polynomial normal CDF, on 20000 generated options (totals) and a few given ones.
-- ==
-- entry: main
-- input { [50.0f64, 51.0f64, 52.0f64, 53.0f64, 54.0f64] [40.0f64, 47.0f64, 54.0f64, 61.0f64, 68.0f64] [0.25f64, 0.5f64, 0.75f64, 1.0f64, 1.25f64] }
-- output { [10.386046014418433f64, 6.7301761866776175f64, 4.859070858069494f64, 3.859526387021745f64, 3.2908491419868735f64] [0.18654518212572846f64, 2.2625183728885236f64, 6.055115596634877f64, 10.651645458733821f64, 15.611923159913495f64] }

-- ==
-- entry: big
-- input { 20000i64 }
-- output { 737221.3182356468f64 106324.26659344828f64 }
def cnd (x: f64) : f64 =
  let k = 1 / (1 + 0.2316419 * f64.abs x)
  let poly = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))))
  let w = 1 - 1 / f64.sqrt (2 * f64.pi) * f64.exp (-x * x / 2) * poly
  in if x < 0 then 1 - w else w

def price (r: f64) (v: f64) (s: f64) (x: f64) (t: f64) : (f64, f64) =
  let d1 = (f64.log (s / x) + (r + v * v / 2) * t) / (v * f64.sqrt t)
  let d2 = d1 - v * f64.sqrt t
  let disc = x * f64.exp (-r * t)
  in (s * cnd d1 - disc * cnd d2, disc * cnd (-d2) - s * cnd (-d1))

entry main [n] (s: [n]f64) (x: [n]f64) (t: [n]f64) : ([n]f64, [n]f64) =
  unzip (map3 (price 0.02 0.3) s x t)

entry big (n: i64) : (f64, f64) =
  let s = map (\i -> f64.i64 (50 + i % 100)) (iota n)
  let x = map (\i -> f64.i64 (40 + (i * 7) % 60)) (iota n)
  let t = map (\i -> 0.25 + f64.i64 (i % 8) * 0.25) (iota n)
  let (c, p) = unzip (map3 (price 0.02 0.3) s x t)
  in (f64.sum c, f64.sum p)

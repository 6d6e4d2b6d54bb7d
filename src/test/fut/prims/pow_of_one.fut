-- x ** y as C's pow (and the reference, compiled or interpreted): 1 to any power, NaN included,
-- and -1 to an infinite power are 1, not NaN (Java's Math.pow differs there).
-- ==
-- input { 0f64 0f32 } output { 1f64 1f64 1f64 1f32 1f32 1024f64 -1f64 }
-- input { 1f64 1f32 } output { 1f64 -1f64 -1f64 1f32 -1f32 1024f64 -1f64 }
entry main (x: f64) (y: f32) : (f64, f64, f64, f32, f32, f64, f64) =
  ( 1f64 ** f64.nan
  , (-1f64) ** (1 / x)
  , (-1f64) ** (-1 / x)
  , 1f32 ** f32.nan
  , (-1f32) ** (1 / y)
  , 2f64 ** 10
  , (-1f64) ** ((-1f64) ** (f64.rsqrt 0)))

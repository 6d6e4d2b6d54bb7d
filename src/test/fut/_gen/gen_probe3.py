"""Generates a fifth round: IEEE special values through the math functions."""
from common import *

M = 'semantics/'
write(M + 'float_special_results.fut', 'Math functions at the edges of their domains give NaN and infinities (IEEE/C99 semantics).', '''
entry main (z: f64) (o: f32) : (bool, f64, f32, f64, bool, f32) =
  (f64.isnan (f64.sqrt (z - 1)), f64.log z, f32.exp (o * 1000), f64.atan2 z z, f32.isnan (f32.acos (o + 1)), (-2 * o) ** 3)
''', [('0.0f64 1.0f32', 'true -f64.inf f32.inf 0.0f64 true -8.0f32')])
write(M + 'nan_propagation.fut', 'NaN propagates through arithmetic, f64.min/max return the other operand, and sum is NaN.', '''
entry main (xs: []f64) : (bool, bool, f64, f64) =
  let n = f64.nan
  in (f64.isnan (n * 0), f64.isnan (f64.sum (xs ++ [n])), f64.min n 1.0, f64.max 2.0 n)
''', [('[1.0f64, 2.0f64]', 'true true 1.0f64 2.0f64')])
write(M + 'float_bits_special.fut', 'to_bits of infinities and from_bits of a NaN pattern.', '''
entry main (x: f32) : (u32, u32, bool, u64) =
  (f32.to_bits (x / 0), f32.to_bits (-x / 0), f32.isnan (f32.from_bits 0x7fc00000), f64.to_bits (f64.f32 x))
''', [('1.0f32', f'{0x7f800000}u32 {0xff800000}u32 true {0x3ff0000000000000}u64')])

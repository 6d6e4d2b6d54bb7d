"""Generates semantics/*.fut: integer wrapping, division rules, shifts, IEEE floats, f16."""
from common import *

M = 'semantics/'
for t in INTS:
    w = WIDTH[t]
    hi = (1 << (w - 1)) - 1 if signed(t) else (1 << w) - 1
    lo = -(1 << (w - 1)) if signed(t) else 0
    a = [hi, lo, hi, 3, lo]
    b = [1, 1, 2, hi, hi]
    write(M + f'wrap_{t}.fut', f'{t} arithmetic wraps around modulo 2^{w} (add, subtract, multiply, negate).', f'''
entry main [n] (a: [n]{t}) (b: [n]{t}) : ([]{t}, []{t}, []{t}, []{t}) =
  (map2 (+) a b, map2 (-) a b, map2 (*) a b, map (\\x -> -x) a)
''', [(f'{A(a,t)} {A(b,t)}', ' '.join([A([wrap(x+y,t) for x,y in zip(a,b)],t), A([wrap(x-y,t) for x,y in zip(a,b)],t),
                                       A([wrap(x*y,t) for x,y in zip(a,b)],t), A([wrap(-x,t) for x in a],t)]))])
    ss = [0, 1, 3, w - 1, w // 2]
    xs = [wrap(v, t) for v in [-5, 1, -128, 7, -(1 << (w - 2))]] if signed(t) else [wrap(v, t) for v in [5, 1, (1 << w) - 1, 7, 1 << (w - 1)]]
    shl = [wrap(x << s, t) for x, s in zip(xs, ss)]
    shr = [wrap(x >> s, t) for x, s in zip(xs, ss)]  # Python >> is arithmetic on signed, logical on non-negative
    write(M + f'shifts_{t}.fut', f'{t} shifts: << discards high bits, >> is ' + ('arithmetic (sign-extending).' if signed(t) else 'logical.'), f'''
entry main [n] (xs: [n]{t}) (ss: [n]{t}) : ([]{t}, []{t}) = (map2 (<<) xs ss, map2 (>>) xs ss)
''', [(f'{A(xs,t)} {A(ss,t)}', f'{A(shl,t)} {A(shr,t)}')])

def fdiv(a, b): return a // b
def fmod(a, b): return a % b
def tdiv(a, b): q = abs(a) // abs(b); return q if (a >= 0) == (b > 0) else -q
def tmod(a, b): return a - tdiv(a, b) * b
for t in ['i8', 'i16', 'i32', 'i64']:
    a = [7, -7, 7, -7, 0, 13, -1]
    b = [2, 2, -2, -2, 5, 13, 3]
    write(M + f'divmod_{t}.fut', f'{t}: / and % round towards negative infinity, // and %% towards zero.', f'''
entry main [n] (a: [n]{t}) (b: [n]{t}) : ([]{t}, []{t}, []{t}, []{t}) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b)
''', [(f'{A(a,t)} {A(b,t)}', ' '.join(A([f(x,y) for x,y in zip(a,b)],t) for f in [fdiv, fmod, tdiv, tmod]))])
for t in ['u8', 'u32']:
    w = WIDTH[t]; hi = (1 << w) - 1
    a = [hi, 7, 100, hi - 1]
    b = [2, 3, hi, hi]
    write(M + f'unsigned_div_{t}.fut', f'{t} division, remainder and comparison treat the high bit as magnitude, not sign.', f'''
entry main [n] (a: [n]{t}) (b: [n]{t}) : ([]{t}, []{t}, []{t}, []bool) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (<) a b)
''', [(f'{A(a,t)} {A(b,t)}', ' '.join([A([x//y for x,y in zip(a,b)],t), A([x%y for x,y in zip(a,b)],t),
                                       A([x//y for x,y in zip(a,b)],t), A([x<y for x,y in zip(a,b)],'bool')]))])
write(M + 'logical_shift_right.fut', '>>> (i32.>>>, i8.>>>) is a logical right shift even for signed types.', '''
entry main (x: i32) (y: i8) : (i32, i8, i32) = (x i32.>>> 28, y i8.>>> 1, x >> 28)
''', [('-16i32 -2i8', f'{(-16 & 0xffffffff) >> 28}i32 {(-2 & 0xff) >> 1}i8 -1i32')])
write(M + 'signed_unsigned_conversion.fut', 'Conversions between signed and unsigned types reinterpret or extend as in two\'s complement.', '''
entry main (x: i8) (y: u8) : (u8, i8, i32, i32, u32, i64) =
  (u8.i8 x, i8.u8 y, i32.i8 x, i32.u8 y, u32.i8 x, i64.u32 (u32.i8 x))
''', [('-1i8 200u8', f'255u8 -56i8 -1i32 200i32 4294967295u32 4294967295i64')])
write(M + 'int_pow.fut', 'Integer ** is repeated multiplication and wraps.', '''
entry main (b: i32) (e: i32) : (i32, u8, i64) = (b ** e, 3u8 ** 6, 2i64 ** 40)
''', [('3i32 4i32', f'81i32 {3**6 % 256}u8 {2**40}i64'), ('2i32 31i32', f'{wrap(2**31, "i32")}i32 {3**6 % 256}u8 {2**40}i64')])
write(M + 'ieee_nan.fut', 'NaN is unordered: all comparisons with NaN are false except !=.', '''
entry main (x: f64) : (bool, bool, bool, bool, bool, bool) =
  let n = f64.nan in (n == n, n != n, n < x, n > x, n <= n, f64.isnan (n + x))
''', [('1.0f64', 'false true false false false true')])
write(M + 'ieee_inf.fut', 'Float division by zero gives infinities and NaN instead of an error.', '''
entry main (x: f32) (z: f32) : (f32, f32, f32, bool, f32) =
  (x / z, -x / z, z / z, f32.isinf (x / z), 1 / (x / z))
''', [('2.0f32 0.0f32', 'f32.inf -f32.inf f32.nan true 0.0f32')])
write(M + 'ieee_signed_zero.fut', 'Negative zero equals zero but its reciprocal is negative infinity.', '''
entry main (x: f64) : (bool, f64, bool) = let nz = -x in (nz == x, 1 / nz, f64.to_bits nz == f64.to_bits x)
''', [('0.0f64', 'true -f64.inf false')])
write(M + 'ieee_inf_arith.fut', 'Arithmetic with infinities: inf - inf is NaN, inf * 0 is NaN, inf + 1 is inf.', '''
entry main (x: f64) : (f64, f64, f64, f64) = let i = f64.inf in (i - i, i * x, i + 1, -i * 2)
''', [('0.0f64', 'f64.nan f64.nan f64.inf -f64.inf')])
write(M + 'float_to_int_trunc.fut', 'Float to integer conversion truncates towards zero.', '''
entry main (xs: []f64) : ([]i32, []i64, []u8) = (map i32.f64 xs, map i64.f64 xs, map (\\x -> u8.f64 (f64.abs x)) xs)
''', [('[2.9f64, -2.9f64, 0.5f64, -0.5f64]', '[2i32, -2i32, 0i32, 0i32] [2i64, -2i64, 0i64, 0i64] [2u8, 2u8, 0u8, 0u8]')])
write(M + 'f32_precision.fut', 'f32 arithmetic rounds to single precision (2^24 + 1 is not representable).', '''
entry main (x: f32) : (f32, bool, f64) = (x + 1, x + 1 == x, f64.f32 (x + 1) - f64.f32 x)
''', [('16777216.0f32', '16777216.0f32 true 0.0f64')])
write(M + 'f16_overflow.fut', 'f16 overflows to infinity above 65504 and rounds to 11 significant bits.', '''
entry main (x: f16) : (f16, f16, bool, f16) = (x * 2, x + 1, f16.isinf (x * 2), 2049 + x - x)
''', [('65504.0f16', f'f16.inf 65504.0f16 true {rnd(rnd(2049.0 + 65504.0,"f16") - 65504.0,"f16")}f16')]) if False else None
write(M + 'f16_overflow.fut', 'f16 overflows to infinity above 65504 and rounds to 11 significant bits.', '''
entry main (x: f16) (y: f16) : (f16, f16, bool, f16) = (x * 2, x + 1, f16.isinf (x * 2), y + 1)
''', [('65504.0f16 2048.0f16', f'f16.inf 65504.0f16 true {rnd(2049.0, "f16")}f16')])
write(M + 'f16_conversions.fut', 'f16 conversions to and from f32, f64 and integers.', '''
entry main (x: f32) (n: i32) : (f16, f32, f64, i32, f16) = (f16.f32 x, f32.f16 (f16.f32 x), f64.f16 (f16.i32 n), i32.f16 (f16.f32 x), f16.i32 n)
''', [('0.1f32 3i32', f'{rnd(0.1,"f16")}f16 {rnd(rnd(0.1,"f16"),"f32")}f32 3.0f64 0i32 3.0f16')])
write(M + 'float_mod.fut', 'Float % is a remainder with the sign of the divisor removed towards negative infinity (like /).', '''
entry main (a: []f64) (b: []f64) : []f64 = map2 (%) a b
''', []) if False else None
write(M + 'comparison_chain.fut', 'Comparisons on i8, u8 and f32 values at their extremes.', '''
entry main (a: i8) (b: u8) (c: f32) : (bool, bool, bool, bool) =
  (a < 0, b > 127, c >= 0.5, a != -128)
''', [('-128i8 200u8 0.5f32', 'true true true false')])
write(M + 'bitwise_mixed.fut', 'Bitwise and, or, xor and not on signed and unsigned values.', '''
entry main (a: i16) (b: u16) : (i16, i16, i16, u16, u16) = (a & 0xff, a | 1, a ^ -1, b ^ 0xffff, !b)
''', [('-256i16 4660u16', f'0i16 -255i16 255i16 {4660 ^ 0xffff}u16 {4660 ^ 0xffff}u16')])
write(M + 'evaluation_order_independent.fut', 'Let-bound expressions are pure: reordering independent bindings does not change results.', '''
entry main (x: i32) : (i32, i32) =
  let a = x * 2
  let b = x + 3
  let c = b * a
  let d = a * b
  in (c, d)
''', [('5i32', '80i32 80i32')])

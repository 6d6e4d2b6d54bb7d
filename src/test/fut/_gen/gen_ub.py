"""Generates semantics programs where a naive C translation would hit undefined behaviour
(signed overflow, integer promotion), so the defined Futhark semantics must be preserved."""
from common import *

M = 'semantics/'
write(M + 'overflow_comparison.fut', 'x + 1 > x is false at the maximum value: overflow wraps and must not be folded away.', '''
entry main (a: i32) (b: i64) (c: i8) : (bool, bool, bool) = (a + 1 > a, b + 1 > b, c + 1 > c)
''', [('2147483647i32 9223372036854775807i64 127i8', 'false false false'), ('0i32 0i64 0i8', 'true true true')])
write(M + 'u16_promotion.fut', 'u16 and u8 products wrap at their own width (no signed-int overflow through C promotion).', '''
entry main (a: u16) (b: u8) : (u16, u8, u16, u32) = (a * a, b * b, a * a * a, u32.u16 a * u32.u16 a)
''', [('65535u16 255u8', f'{(65535*65535) % 65536}u16 {(255*255) % 256}u8 {(65535**3) % 65536}u16 {(65535*65535) % 2**32}u32')])
write(M + 'small_int_lowest_div.fut', 'Dividing the lowest i8/i16 value by -1 wraps back to the lowest value.', '''
entry main (a: i8) (b: i16) (m: i8) : (i8, i16, i8, i8, i16) = (a / m, b / i16.i8 m, a // m, a % m, b %% i16.i8 m)
''', [('-128i8 -32768i16 -1i8', '-128i8 -32768i16 -128i8 0i8 0i16')])
write(M + 'loop_overflow_count.fut', 'A loop that counts until an i8 wraps around terminates after 256 steps.', '''
entry main (x: i8) : i32 = (loop (v, n) = (x, 0) while n == 0 || v != x do (v + 1, n + 1)).1
''', [('5i8', '256i32')])
write(M + 'negation_lowest.fut', 'Negating the lowest value of a signed type yields the same value.', '''
entry main (a: i8) (b: i32) (c: i64) : (i8, i32, i64) = (-a, -b, -c)
''', [('-128i8 -2147483648i32 -9223372036854775808i64', '-128i8 -2147483648i32 -9223372036854775808i64')])
write(M + 'mixed_width_shifts.fut', 'Shifting small types: bits shifted out of an i8/u8 are lost, not kept in a wider register.', '''
entry main (a: u8) (b: i8) : (u8, i8, u8, i8) = ((a << 4) >> 4, (b << 1) >> 1, (a * 16) / 16, (b * 2) / 2)
''', [('255u8 100i8', f'15u8 {wrap(wrap(100*2, "i8") >> 1, "i8")}i8 15u8 {wrap(100*2, "i8") // 2}i8')])

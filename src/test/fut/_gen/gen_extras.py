"""Generates prelude/float/*_extras.fut and prelude/int/*_extras.fut: num_bits, neg, mad, fma, lerp,
copysign, epsilon, ldexp, nextafter; expected values computed in Python."""
from common import *

EPS = {'f16': 2.0 ** -10, 'f32': 2.0 ** -23, 'f64': 2.0 ** -52}
BITS = {'f16': 16, 'f32': 32, 'f64': 64}
def nextafter(x, y, t):
    code, ucode = {'f16': ('e', 'H'), 'f32': ('f', 'I'), 'f64': ('d', 'Q')}[t]
    b = struct.unpack(ucode, struct.pack(code, x))[0]
    if y > x: b += 1 if x >= 0 else -1
    elif y < x: b += -1 if x > 0 else 1
    return struct.unpack(code, struct.pack(ucode, b))[0]
for t in FLOATS:
    a, b, c = rnd(1.5, t), rnd(-2.0, t), rnd(0.25, t)
    write(f'prelude/float/{t}_extras.fut', f'{t}.num_bits, epsilon, mad, fma, lerp (t in [0,1]), copysign, ldexp and nextafter.', f'''
entry main (a: {t}) (b: {t}) (c: {t}) : (i32, {t}, {t}, {t}, {t}, {t}, {t}, {t}) =
  ({t}.num_bits, {t}.epsilon, {t}.mad a b c, {t}.fma a b c, {t}.lerp a b c, {t}.copysign a b, {t}.ldexp a 3, {t}.nextafter 1 2)
''', [(f'{V(a,t)} {V(b,t)} {V(c,t)}', f'{BITS[t]}i32 {V(EPS[t],t)} {V(a*b+c,t)} {V(a*b+c,t)} {V(a+(b-a)*c,t)} {V(-a,t)} {V(a*8,t)} {V(nextafter(1.0,2.0,t),t)}')])
for t in INTS:
    xs = [wrap(v, t) for v in ([5, -7, 0, -(1 << (WIDTH[t] - 1))] if signed(t) else [5, 7, 0, 1 << (WIDTH[t] - 1)])]
    write(f'prelude/int/{t}_extras.fut', f'{t}.num_bits and {t}.neg (which wraps for the lowest value and for unsigned types).', f'''
entry main (xs: []{t}) : (i32, []{t}) = ({t}.num_bits, map {t}.neg xs)
''', [(A(xs, t), f'{WIDTH[t]}i32 {A([wrap(-x, t) for x in xs], t)}')])

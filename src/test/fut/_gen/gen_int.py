"""Generates prelude/int/*.fut: the integer modules i8..u64, expected values computed in Python."""
from common import *

def samples(t):
    w = WIDTH[t]
    if signed(t):
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
        return [0, 1, -1, 5, -7, 100 % hi, lo, hi, 42, -(1 << (w - 2))]
    hi = (1 << w) - 1
    return [0, 1, 5, 7, 100, hi, hi - 1, 1 << (w - 1), 42, 3 << (w - 4)]

def popc(x, t): return bin(uns(x, t)).count('1')
def clz(x, t):
    u, w = uns(x, t), WIDTH[t]
    return w - u.bit_length()
def ctz(x, t):
    u, w = uns(x, t), WIDTH[t]
    if u == 0: return w
    return (u & -u).bit_length() - 1
def mul_hi(a, b, t):
    w = WIDTH[t]
    p = (a * b) if signed(t) else (uns(a, t) * uns(b, t))
    return wrap(p >> w, t)

for t in INTS:
    xs = [wrap(v, t) for v in samples(t)]
    ys = [wrap(v, t) for v in reversed(samples(t))]
    n = len(xs)
    # 1. min/max/abs/sgn
    mins = [min(a, b) for a, b in zip(xs, ys)]
    maxs = [max(a, b) for a, b in zip(xs, ys)]
    abss = [wrap(abs(a), t) for a in xs]
    sgns = [(a > 0) - (a < 0) for a in xs]
    write(f'prelude/int/{t}_minmax_abs_sgn.fut', f'{t}.min, {t}.max, {t}.abs and {t}.sgn, including the extreme values.',
          f'''
entry main [n] (xs: [n]{t}) (ys: [n]{t}) : ([]{t}, []{t}, []{t}, []{t}) =
  (map2 {t}.min xs ys, map2 {t}.max xs ys, map {t}.abs xs, map {t}.sgn xs)
''', [(f'{A(xs, t)} {A(ys, t)}', f'{A(mins, t)} {A(maxs, t)} {A(abss, t)} {A(sgns, t)}')])
    # 2. bit operations
    bits = [i % WIDTH[t] for i in range(0, 3 * n, 3)]
    getb = [(uns(x, t) >> b) & 1 for x, b in zip(xs, bits)]
    set1 = [wrap(uns(x, t) | (1 << b), t) for x, b in zip(xs, bits)]
    set0 = [wrap(uns(x, t) & ~(1 << b), t) for x, b in zip(xs, bits)]
    write(f'prelude/int/{t}_bits.fut', f'{t}.popc, clz, ctz, get_bit and set_bit on every bit position class.',
          f'''
entry main [n] (xs: [n]{t}) (bs: [n]i32) : ([]i32, []i32, []i32, []i32, []{t}, []{t}) =
  (map {t}.popc xs, map {t}.clz xs, map {t}.ctz xs,
   map2 (\\x b -> {t}.get_bit b x) xs bs,
   map2 (\\x b -> {t}.set_bit b x 1) xs bs,
   map2 (\\x b -> {t}.set_bit b x 0) xs bs)
''', [(f'{A(xs, t)} {A(bits, "i32")}',
       f'{A([popc(x, t) for x in xs], "i32")} {A([clz(x, t) for x in xs], "i32")} {A([ctz(x, t) for x in xs], "i32")} '
       f'{A(getb, "i32")} {A(set1, t)} {A(set0, t)}')])
    # 3. mul_hi / mad_hi
    mh = [mul_hi(a, b, t) for a, b in zip(xs, ys)]
    md = [wrap(mul_hi(a, b, t) + a, t) for a, b in zip(xs, ys)]
    write(f'prelude/int/{t}_mul_hi.fut', f'{t}.mul_hi is the high half of the double-width product; mad_hi adds a third operand.',
          f'''
entry main [n] (xs: [n]{t}) (ys: [n]{t}) : ([]{t}, []{t}) =
  (map2 {t}.mul_hi xs ys, map2 (\\a b -> {t}.mad_hi a b a) xs ys)
''', [(f'{A(xs, t)} {A(ys, t)}', f'{A(mh, t)} {A(md, t)}')])
    # 4. limits and conversions
    w = WIDTH[t]
    hi = (1 << (w - 1)) - 1 if signed(t) else (1 << w) - 1
    lo = -(1 << (w - 1)) if signed(t) else 0
    big = [300, -3, 70000, 5000000000, -1, 123]
    fl = [3.75, 100.2, 0.5, 7.0, 126.9, 99.99]
    flres = [int(f) for f in fl]
    write(f'prelude/int/{t}_limits_conv.fut', f'{t}.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.',
          f'''
entry main (xs: []i64) (fs: []f64) : ({t}, {t}, []{t}, []{t}, []i64, []bool, []{t}) =
  ({t}.highest, {t}.lowest, map {t}.i64 xs, map {t}.f64 fs,
   map (\\x -> {t}.to_i64 ({t}.i64 x)) xs,
   map (\\x -> {t}.i64 x != 0) xs,
   map {t}.bool [true, false])
''', [(f'{A(big, "i64")} {A(fl, "f64")}',
       f'{V(hi, t)} {V(lo, t)} {A([wrap(b, t) for b in big], t)} {A([wrap(f, t) for f in flres], t)} '
       f'{A([wrap(b, t) for b in big], "i64")} {A([wrap(b, t) != 0 for b in big], "bool")} {A([1, 0], t)}')])
    # 5. reductions
    rs = [3, 1, 4, 1, 5, 9, 2, 6]
    rs = [wrap(v if signed(t) else v, t) for v in rs] + ([-8] if signed(t) else [8])
    prod = 1
    for v in rs: prod = wrap(prod * v, t)
    write(f'prelude/int/{t}_reductions.fut', f'{t}.sum, product, maximum and minimum, and their neutral elements on empty arrays.',
          f'''
entry main (xs: []{t}) : ({t}, {t}, {t}, {t}, {t}, {t}) =
  let e = filter (> {t}.highest) xs
  in ({t}.sum xs, {t}.product xs, {t}.maximum xs, {t}.minimum xs, {t}.sum e, {t}.product e)
''', [(A(rs, t), f'{V(sum(rs), t)} {V(prod, t)} {V(max(rs), t)} {V(min(rs), t)} {V(0, t)} {V(1, t)}')])

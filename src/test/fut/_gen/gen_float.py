"""Generates prelude/float/*.fut: the float modules f16, f32, f64; expected values from Python's math."""
from common import *

def unary(t, name, fns, xs, desc):
    ins = [rnd(x, t) for x in xs]
    outs = []
    types = []
    for fn, py in fns:
        outs.append(A([rnd(py(x), t) for x in ins], t))
        types.append(f'[]{t}')
    body = ', '.join(f'map {t}.{fn} xs' for fn, _ in fns)
    write(f'prelude/float/{t}_{name}.fut', desc, f'''
entry main (xs: []{t}) : ({", ".join(types)}) =
  ({body})
''', [(A(ins, t), ' '.join(outs))])

for t in FLOATS:
    unary(t, 'roots_exp', [('sqrt', math.sqrt), ('cbrt', lambda x: math.copysign(abs(x) ** (1/3), x)), ('exp', math.exp)],
          [0.0, 0.25, 1.0, 2.0, 4.5, 8.0], f'{t}.sqrt, {t}.cbrt and {t}.exp.')
    unary(t, 'logs', [('log', math.log), ('log2', math.log2), ('log10', math.log10), ('log1p', math.log1p)],
          [0.5, 1.0, 2.0, 10.0, 64.0, 1000.0], f'{t}.log, log2, log10 and log1p.')
    unary(t, 'trig', [('sin', math.sin), ('cos', math.cos), ('tan', math.tan)],
          [0.0, 0.5, 1.0, -1.25, 2.0, 3.0], f'{t}.sin, {t}.cos and {t}.tan.')
    unary(t, 'inverse_trig', [('asin', math.asin), ('acos', math.acos), ('atan', math.atan)],
          [0.0, 0.5, -0.5, 1.0, -1.0, 0.875], f'{t}.asin, {t}.acos and {t}.atan.')
    unary(t, 'hyperbolic', [('sinh', math.sinh), ('cosh', math.cosh), ('tanh', math.tanh), ('asinh', math.asinh)],
          [0.0, 0.5, -1.0, 1.5, 2.0, -2.5], f'{t}.sinh, cosh, tanh and asinh.')
    unary(t, 'inv_hyperbolic', [('acosh', math.acosh)], [1.0, 1.5, 2.0, 10.0], f'{t}.acosh.')
    unary(t, 'atanh', [('atanh', math.atanh)], [0.0, 0.25, -0.5, 0.75], f'{t}.atanh.')
    unary(t, 'special', [('erf', math.erf), ('erfc', math.erfc), ('gamma', math.gamma), ('lgamma', math.lgamma)],
          [0.5, 1.0, 1.5, 2.5, 3.0, 4.25], f'{t}.erf, erfc, gamma and lgamma.')
    unary(t, 'rounding', [('floor', math.floor), ('ceil', math.ceil), ('round', lambda x: float(round(x))), ('trunc', math.trunc)],
          [0.5, 1.5, 2.5, -0.5, -1.5, -2.7, 3.2, -3.2, 7.0], f'{t}.floor, ceil, trunc, and round (halfway cases to even).')
    # binary functions
    xs = [rnd(v, t) for v in [1.0, -1.0, 0.0, 3.0, -2.0, 0.5]]
    ys = [rnd(v, t) for v in [1.0, 1.0, -1.0, 4.0, -2.0, 2.0]]
    write(f'prelude/float/{t}_binary.fut', f'{t}.atan2, {t}.hypot, {t}.pow (via **), min and max.', f'''
entry main [n] (xs: [n]{t}) (ys: [n]{t}) : ([]{t}, []{t}, []{t}, []{t}, []{t}) =
  (map2 {t}.atan2 xs ys, map2 {t}.hypot xs ys, map2 (\\x y -> {t}.abs x ** y) xs ys,
   map2 {t}.min xs ys, map2 {t}.max xs ys)
''', [(f'{A(xs, t)} {A(ys, t)}',
       ' '.join([A([rnd(math.atan2(x, y), t) for x, y in zip(xs, ys)], t),
                 A([rnd(math.hypot(x, y), t) for x, y in zip(xs, ys)], t),
                 A([rnd(math.inf if x == 0 and y < 0 else abs(x) ** y, t) for x, y in zip(xs, ys)], t),
                 A([min(x, y) for x, y in zip(xs, ys)], t),
                 A([max(x, y) for x, y in zip(xs, ys)], t)]))])
    # constants and classification
    code = {'f16': 'e', 'f32': 'f', 'f64': 'd'}[t]
    ut = {'f16': 'u16', 'f32': 'u32', 'f64': 'u64'}[t]
    highest = {'f16': 65504.0, 'f32': struct.unpack('f', struct.pack('I', 0x7f7fffff))[0], 'f64': 1.7976931348623157e308}[t]
    write(f'prelude/float/{t}_constants.fut', f'{t}.pi, e, highest and lowest (which are the infinities), nan and isnan/isinf classification.', f'''
entry main (x: {t}) : ({t}, {t}, {t}, {t}, bool, bool, bool, bool, bool, bool) =
  ({t}.pi, {t}.e, {t}.highest, {t}.lowest,
   {t}.isnan {t}.nan, {t}.isnan x, {t}.isinf {t}.inf, {t}.isinf (-{t}.inf), {t}.isinf x, {t}.nan == {t}.nan)
''', [(V(rnd(1.5, t), t), f'{V(rnd(math.pi, t), t)} {V(rnd(math.e, t), t)} {V(math.inf, t)} {V(-math.inf, t)} true false true true false false')])
    vals = [1.0, -2.0, 0.5, 0.0, -0.0]
    bits = [struct.unpack({'e': 'H', 'f': 'I', 'd': 'Q'}[code], struct.pack(code, v))[0] for v in vals]
    write(f'prelude/float/{t}_bits.fut', f'{t}.to_bits and {t}.from_bits follow the IEEE 754 encoding.', f'''
entry main (xs: []{t}) (bs: []{ut}) : ([]{ut}, []{t}) =
  (map {t}.to_bits xs, map {t}.from_bits bs)
''', [(f'{A(vals, t)} {A(bits, ut)}', f'{A(bits, ut)} {A(vals, t)}')])
    rs = [rnd(v, t) for v in [1.5, -2.25, 4.0, 0.5, 3.0]]
    prod = 1.0
    for v in rs: prod *= v
    write(f'prelude/float/{t}_reductions.fut', f'{t}.sum, product, maximum, minimum; abs, sgn and neg.', f'''
entry main (xs: []{t}) : ({t}, {t}, {t}, {t}, []{t}, []{t}, []{t}) =
  ({t}.sum xs, {t}.product xs, {t}.maximum xs, {t}.minimum xs, map {t}.abs xs, map {t}.sgn xs, map {t}.neg xs)
''', [(A(rs, t), f'{V(sum(rs), t)} {V(prod, t)} {V(max(rs), t)} {V(min(rs), t)} {A([abs(v) for v in rs], t)} '
       f'{A([math.copysign(1.0, v) for v in rs], t)} {A([-v for v in rs], t)}')])
    ins = [3, -7, 100, 0]
    fs = [rnd(v, t) for v in [2.75, -3.5, 10.0]]
    write(f'prelude/float/{t}_conversions.fut', f'{t}.i32, {t}.i64, {t}.f64, {t}.to_i64 (truncation) and {t}.bool.', f'''
entry main (xs: []i32) (fs: []{t}) : ([]{t}, []{t}, []i64, []f64, {t}, {t}) =
  (map {t}.i32 xs, map ({t}.i64 <-< i64.i32) xs, map {t}.to_i64 fs, map {t}.to_f64 fs, {t}.bool true, {t}.bool false)
''', [(f'{A(ins, "i32")} {A(fs, t)}', f'{A([float(v) for v in ins], t)} {A([float(v) for v in ins], t)} '
       f'{A([int(v) for v in fs], "i64")} {A(fs, "f64")} {V(1.0, t)} {V(0.0, t)}')])

"""Helpers for the corpus generators: Futhark value literals computed in Python, and file writing.
Expected outputs are computed here by Python, independently of our compiler."""
import math, os, struct

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
WIDTH = {'i8': 8, 'i16': 16, 'i32': 32, 'i64': 64, 'u8': 8, 'u16': 16, 'u32': 32, 'u64': 64}
INTS = ['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64']
FLOATS = ['f16', 'f32', 'f64']

def signed(t): return t[0] == 'i'

def wrap(v, t):
    """Two's complement wrapping of a Python int to type t."""
    w = WIDTH[t]
    v &= (1 << w) - 1
    if signed(t) and v >= 1 << (w - 1):
        v -= 1 << w
    return v

def uns(v, t): return v & ((1 << WIDTH[t]) - 1)

def rnd(v, t):
    """Round a Python float to the precision of t."""
    if t == 'f64' or math.isnan(v) or math.isinf(v): return v
    code = 'e' if t == 'f16' else 'f'
    try:
        return struct.unpack(code, struct.pack(code, v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)

def V(v, t):
    """One Futhark value literal of type t."""
    if t == 'bool': return 'true' if v else 'false'
    if t in WIDTH: return f'{wrap(v, t)}{t}'
    if math.isnan(v): return f'{t}.nan'
    if math.isinf(v): return f'{t}.inf' if v > 0 else f'-{t}.inf'
    s = repr(float(v))
    if 'e' in s:
        m, e = s.split('e')
        if '.' not in m: m += '.0'
        s = m + 'e' + e
    return s + t

def A(vs, t):
    """A one-dimensional array literal (empty arrays use empty([0]t))."""
    if len(vs) == 0: return f'empty([0]{t})'
    return '[' + ', '.join(V(v, t) for v in vs) + ']'

def A2(rows, t):
    if len(rows) == 0: return f'empty([0][0]{t})'
    if len(rows[0]) == 0: return f'empty([{len(rows)}][0]{t})'
    return '[' + ', '.join(A(r, t) for r in rows) + ']'

def write(rel, desc, code, cases=(), compile_error=None):
    """Writes ROOT/rel. cases: list of (input, output) where output is a string of values or
    ('error', regex)."""
    lines = [f'-- {desc}', '-- ==']
    if compile_error is not None:
        lines.append(f'-- error: {compile_error}')
    for inp, out in cases:
        lines.append(f'-- input {{ {inp} }}')
        if isinstance(out, tuple):
            lines.append(f'-- error: {out[1]}')
        else:
            lines.append(f'-- output {{ {out} }}')
    path = os.path.join(ROOT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n' + code.strip('\n') + '\n')

def raw(rel, text):
    """Writes a program verbatim (for test blocks the helper does not cover)."""
    path = os.path.join(ROOT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text.lstrip('\n'))

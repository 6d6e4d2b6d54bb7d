"""Generates exprs/*.fut: ranges, slices, updates, sections, pipes, loops, match, records, sum types."""
from common import *

E = 'exprs/'
def rng(a, b, end, kind):
    """Python model of Futhark ranges: kind is '...', '..<' or '..>'."""
    s = b - a
    if kind == '...': return list(range(a, end + (1 if s > 0 else -1), s))
    return list(range(a, end, s))

write(E + 'range_inclusive.fut', 'x...y is inclusive; x..y...z uses stride y-x, also downwards.', '''
entry main (n: i64) : ([]i64, []i64, []i64) =
  (2...n, 1..3...n, n..n-2...0)
''', [('9i64', f'{A(rng(2,3,9,"..."),"i64")} {A(rng(1,3,9,"..."),"i64")} {A(rng(9,7,0,"..."),"i64")}')])
write(E + 'range_exclusive.fut', 'x..<y and x..y..<z exclude the end point.', '''
entry main (n: i64) : ([]i64, []i64, []i32) =
  (0..<n, 0..3..<n, 1i32..<4i32)
''', [('10i64', f'{A(rng(0,1,10,"..<"),"i64")} {A(rng(0,3,10,"..<"),"i64")} [1i32, 2i32, 3i32]'),
      ('0i64', 'empty([0]i64) empty([0]i64) [1i32, 2i32, 3i32]')])
write(E + 'range_downwards.fut', 'x..>y counts down with stride -1; x..y..>z with stride y-x.', '''
entry main (n: i64) : ([]i64, []i64) =
  (n..>0, n..n-3..>0)
''', [('7i64', f'{A(rng(7,6,0,"..<"),"i64")} {A(rng(7,4,0,"..<"),"i64")}')])
write(E + 'range_types.fut', 'Ranges work for the signed integer types i8, i16 and i32 as well as i64.', '''
entry main (x: i8) : ([]i8, []i16, []i32) =
  (x...x+3, -2i16..<2, 0i32..5..<20)
''', [('120i8', '[120i8, 121i8, 122i8, 123i8] [-2i16, -1i16, 0i16, 1i16] [0i32, 5i32, 10i32, 15i32]')])

xs = [10, 11, 12, 13, 14, 15, 16, 17]
write(E + 'slice_strides.fut', 'Slices with positive strides and omitted bounds.', '''
entry main (xs: []i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (xs[1:5], xs[::2], xs[1::3], xs[:3], xs[5:])
''', [(A(xs, 'i32'), ' '.join(A(v, 'i32') for v in [xs[1:5], xs[::2], xs[1::3], xs[:3], xs[5:]]))])
write(E + 'slice_negative_strides.fut', 'Negative strides walk backwards; a[::-1] reverses.', '''
entry main (xs: []i32) : ([]i32, []i32, []i32, []i32) =
  (xs[::-1], xs[6:1:-2], xs[::-3], xs[3::-1])
''', [(A(xs, 'i32'), ' '.join(A(v, 'i32') for v in [xs[::-1], xs[6:1:-2], xs[::-3], xs[3::-1]]))])
write(E + 'slice_empty.fut', 'Empty slices are allowed at any valid position.', '''
entry main (xs: []i32) (i: i64) : ([]i32, []i32, i64) =
  (xs[i:i], xs[0:0], length xs[i:])
''', [('[1i32, 2i32, 3i32] 3i64', 'empty([0]i32) empty([0]i32) 0i64'),
      ('[1i32, 2i32, 3i32] 1i64', 'empty([0]i32) empty([0]i32) 2i64')])
m = [[r * 10 + c for c in range(4)] for r in range(3)]
write(E + 'index_2d.fut', 'a[i,j] indexing, row selection a[i] and mixed slice/index a[:,j].', '''
entry main (m: [][]i32) : (i32, []i32, []i32, [][]i32) =
  (m[1,2], m[2], m[:,1], m[0:2,1:3])
''', [(A2(m, 'i32'), f'{m[1][2]}i32 {A(m[2],"i32")} {A([r[1] for r in m],"i32")} {A2([r[1:3] for r in m[0:2]],"i32")}')])
write(E + 'with_element.fut', '`with` on a single element and on a 2-d element.', '''
entry main (xs: *[]i32) (m: *[][]i32) : ([]i32, [][]i32) =
  (xs with [1] = 99, m with [1,0] = -1)
''', [('[1i32, 2i32, 3i32] [[1i32, 2i32], [3i32, 4i32]]', '[1i32, 99i32, 3i32] [[1i32, 2i32], [-1i32, 4i32]]')])
write(E + 'with_slice.fut', '`with` on a slice replaces a contiguous or strided range.', '''
entry main (xs: *[]i32) : []i32 =
  let xs = xs with [0:2] = [7, 8]
  in xs with [1::2] = map (* 10) xs[1::2]
''', [('[1i32, 2i32, 3i32, 4i32, 5i32]', '[7i32, 80i32, 3i32, 40i32, 5i32]')])
write(E + 'with_row.fut', '`with` replacing a whole row of a matrix.', '''
entry main [k] (m: *[][k]i32) (r: [k]i32) : [][]i32 =
  m with [0] = r
''', [('[[1i32, 2i32], [3i32, 4i32]] [9i32, 9i32]', '[[9i32, 9i32], [3i32, 4i32]]')])
write(E + 'let_index_update.fut', '`let a[i] = v in` is sugar for an in-place update.', '''
entry main (n: i64) : []i64 =
  let a = replicate n 0
  let a[0] = 5
  let a[n-1] = a[0] + 1
  in a
''', [('4i64', '[5i64, 0i64, 0i64, 6i64]')])
write(E + 'record_with_field.fut', '`with` on record fields, including nested fields.', '''
type pt = {x: i32, y: i32}
entry main (a: i32) : (i32, i32, i32, i32) =
  let r : {p: pt, z: i32} = {p = {x = 1, y = 2}, z = 3}
  let r = r with p.x = a
  let r = r with z = r.z * 10
  in (r.p.x, r.p.y, r.z, (r.p with y = 0).y)
''', [('7i32', '7i32 2i32 30i32 0i32')])
write(E + 'record_literals.fut', 'Record literals, field punning, field order irrelevance and equality.', '''
entry main (x: i32) (y: f32) : (i32, f32, bool) =
  let r = {x, y}
  let s = {y = y, x = x}
  in (r.x, s.y, r == s)
''', [('1i32 2.5f32', '1i32 2.5f32 true')])
write(E + 'record_patterns.fut', 'Record patterns in let, function parameters and lambdas, with renaming and punning.', '''
def norm1 ({x, y}: {x: i32, y: i32}) = i32.abs x + i32.abs y
entry main (a: i32) (b: i32) : (i32, i32, []i32) =
  let {x = p, y} = {x = a, y = b}
  in (p - y, norm1 {x = a, y = b}, map (\\{x, y} -> x * y) [{x = a, y = b}, {x = 2, y = 3}])
''', [('3i32 -4i32', '7i32 7i32 [-12i32, 6i32]')])
write(E + 'section_left_right.fut', 'Left and right operator sections, including for non-commutative operators.', '''
entry main (xs: []i32) : ([]i32, []i32, []bool, []i32) =
  (map (10 -) xs, map (/ 2) xs, map (< 2) xs, map (2 **) xs)
''', [('[1i32, 2i32, 3i32]', '[9i32, 8i32, 7i32] [0i32, 1i32, 1i32] [true, false, false] [2i32, 4i32, 8i32]')])
write(E + 'section_field.fut', 'Field projection sections (.x) and (.a.b).', '''
entry main (xs: []i32) : ([]i32, []i32) =
  let rs = map (\\x -> {a = {b = x * 2}, c = x}) xs
  in (map (.c) rs, map (.a.b) rs)
''', [('[1i32, 5i32]', '[1i32, 5i32] [2i32, 10i32]')])
write(E + 'section_index.fut', 'Index sections (.[i]) and (.[i,j]).', '''
entry main (m: [][]i32) : ([]i32, []i32) =
  (map (.[1]) m, map (.[0]) (transpose m))
''', [('[[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]]', '[2i32, 4i32, 6i32] [1i32, 2i32]')])
write(E + 'pipes.fut', 'Forward and backward pipes |> and <|.', '''
entry main (xs: []i32) : (i32, i32) =
  (xs |> map (+ 1) |> filter (> 2) |> reduce (+) 0,
   reduce (*) 1 <| map (* 2) <| xs)
''', [('[1i32, 2i32, 3i32]', '7i32 48i32')])
write(E + 'composition.fut', 'Function composition >-> (left to right) and <-< (right to left).', '''
def inc (x: i32) = x + 1
def dbl (x: i32) = x * 2
entry main (x: i32) : (i32, i32, []i32) =
  ((inc >-> dbl) x, (inc <-< dbl) x, map (dbl >-> inc >-> dbl) [x, 0])
''', [('5i32', '12i32 11i32 [22i32, 2i32]')])
write(E + 'assert_pass.fut', 'assert returns its second argument when the condition holds.', '''
entry main (xs: []i32) (i: i64) : i32 =
  assert (i >= 0 && i < length xs) xs[i] * 2
''', [('[4i32, 5i32] 1i64', '10i32')])
write(E + 'unsafe_attr.fut', '#[unsafe] on an expression still computes the right value for valid indices.', '''
entry main (xs: []i32) (is: []i64) : []i32 =
  #[unsafe] map (\\i -> xs[i]) is
''', [('[5i32, 6i32, 7i32] [2i64, 0i64, 2i64]', '[7i32, 5i32, 7i32]')])
write(E + 'ascription_coercion.fut', 'Type ascription e : t and size coercion e :> [n]t that succeeds.', '''
entry main [n] (xs: [n]i32) (ys: []i32) : [n]i32 =
  let ys' = ys :> [n]i32
  in map2 (+) xs (ys' : [n]i32)
''', [('[1i32, 2i32] [10i32, 20i32]', '[11i32, 22i32]')])
write(E + 'loop_for.fut', 'for i < n loops with a tuple accumulator pattern (Fibonacci).', '''
entry main (n: i32) : i64 =
  let (a, _) = loop (a, b) = (0i64, 1i64) for i < n do (b, a + b)
  in a
''', [('10i32', '55i64'), ('0i32', '0i64'), ('50i32', '12586269025i64')])
write(E + 'loop_for_in.fut', 'for x in xs loops over array elements.', '''
entry main (xs: []i32) : (i32, i32) =
  loop (s, m) = (0, i32.lowest) for x in xs do (s + x, i32.max m x)
''', [('[3i32, -1i32, 8i32, 2i32]', '12i32 8i32')])
write(E + 'loop_for_in_pattern.fut', 'for (a, b) in zip ... binds a tuple pattern per iteration.', '''
entry main [n] (xs: [n]i32) (ys: [n]i32) : i32 =
  loop acc = 0 for (x, y) in zip xs ys do acc + x * y
''', [('[1i32, 2i32, 3i32] [4i32, 5i32, 6i32]', '32i32')])
write(E + 'loop_while.fut', 'while loops whose condition reads the loop parameters.', '''
entry main (n: i64) : (i64, i64) =
  loop (x, steps) = (n, 0) while x != 1 do
    (if x % 2 == 0 then x / 2 else 3 * x + 1, steps + 1)
''', [('27i64', '1i64 111i64'), ('1i64', '1i64 0i64')])
write(E + 'loop_record_param.fut', 'Loop parameters can be records.', '''
entry main (n: i32) : (i32, i32) =
  let r = loop r = {lo = 0, hi = 100} for _i < n do
            let mid = (r.lo + r.hi) / 2 in if mid * mid > 50 then r with hi = mid else r with lo = mid
  in (r.lo, r.hi)
''', [('20i32', '7i32 8i32')])
write(E + 'loop_no_init.fut', 'A loop without an explicit initialiser starts from the variable in scope.', '''
entry main (x: i32) : i32 =
  let acc = x
  in loop acc for i < 4 do acc * 2 + i
''', [('1i32', f'{(((1*2+0)*2+1)*2+2)*2+3}i32')])
write(E + 'nested_loops.fut', 'Nested loops building a triangular count.', '''
entry main (n: i32) : i32 =
  loop s = 0 for i < n do loop s for j < i do s + j
''', [('5i32', f'{sum(j for i in range(5) for j in range(i))}i32')])
write(E + 'local_functions.fut', 'Local function definitions with let, capturing free variables, and recursion-free helpers.', '''
entry main (k: i32) (xs: []i32) : []i32 =
  let scale (x: i32) = x * k
  let add_then_scale a b = scale (a + b)
  in map (add_then_scale 1) xs
''', [('3i32 [1i32, 2i32]', '[6i32, 9i32]')])
write(E + 'local_polymorphic.fut', 'A local polymorphic function used at two types.', '''
entry main (x: i32) (y: f64) : (i32, i32, f64, f64) =
  let dup 't (v: t) = (v, v)
  let (a, b) = dup x
  let (c, d) = dup y
  in (a, b, c, d)
''', [('1i32 2.5f64', '1i32 1i32 2.5f64 2.5f64')])
write(E + 'local_polymorphic_inferred.fut', 'Local functions whose types are generalised by inference, higher-order ones and ones capturing outer variables, used at two types.', '''
entry main (k: i32) (xs: []i32) (ys: []f64) : ([]i32, []f64, i32, f64, bool, bool) =
  let twice f v = f (f v)
  let both 'a (f: a -> a) (vs: []a) = map (twice f) vs
  let pick a b = if k > 0 then a else b
  let tagged v = (k, v)
  in (both (+k) xs, both (*2) ys, pick k 0, pick 1.5 2.5, (tagged true).1, (tagged false).1)
''', [('2i32 [1i32, 2i32] [1.5f64, -1.0f64]', '[5i32, 6i32] [6.0f64, -4.0f64] 2i32 1.5f64 true false')])
write(E + 'match_literals.fut', 'match on integer literals, negative literals and a wildcard.', '''
entry main (xs: []i32) : []i32 =
  map (\\x -> match x
              case 0 -> 100
              case -1 -> 200
              case 7 -> 300
              case _ -> x) xs
''', [('[0i32, -1i32, 7i32, 5i32]', '[100i32, 200i32, 300i32, 5i32]')])
write(E + 'match_tuples.fut', 'match on tuples mixing literals, bool literals, variables and wildcards.', '''
def classify (p: (i32, bool)) : i32 =
  match p
  case (0, _) -> 0
  case (n, true) -> n * 10
  case (n, false) -> -n
entry main [n] (xs: [n]i32) (bs: [n]bool) : []i32 = map classify (zip xs bs)
''', [('[0i32, 3i32, 4i32] [true, true, false]', '[0i32, 30i32, -4i32]')])
write(E + 'match_records.fut', 'match on record patterns with nested literals.', '''
entry main (x: i32) (y: i32) : i32 =
  match {a = x, b = y}
  case {a = 0, b} -> b
  case {a, b = 0} -> a * 2
  case {a, b} -> a + b
''', [('0i32 5i32', '5i32'), ('4i32 0i32', '8i32'), ('2i32 3i32', '5i32')])
write(E + 'match_chars_floats.fut', 'match on char literals and float literals.', '''
entry main (c: u8) (f: f64) : (i32, i32) =
  (match c case 'a' -> 1 case 'b' -> 2 case _ -> 0,
   match f case 0.5 -> 1 case _ -> 2)
''', [("98u8 0.5f64", '2i32 1i32'), ("120u8 1.0f64", '0i32 2i32')])
write(E + 'sum_type_option.fut', 'A sum type used as an option, constructed and matched inside the program.', '''
type opt = #none | #some i32
def find_first (p: i32 -> bool) (xs: []i32) : opt =
  loop (r: opt) = #none for x in xs do
    match r case #none -> if p x then #some x else #none
            case #some _ -> r
entry main (xs: []i32) : (bool, i32) =
  match find_first (> 3) xs
  case #some v -> (true, v)
  case #none -> (false, 0)
''', [('[1i32, 5i32, 9i32]', 'true 5i32'), ('[1i32, 2i32]', 'false 0i32')])
write(E + 'sum_type_shapes.fut', 'A sum type with payloads of several types, in an array, matched per element.', '''
type shape = #circle f64 | #rect f64 f64 | #dot
def area (s: shape) : f64 =
  match s
  case #circle r -> 3.0 * r * r
  case #rect w h -> w * h
  case #dot -> 0.0
entry main (r: f64) (w: f64) : []f64 =
  map area [#circle r, #rect w 2.0, #dot]
''', [('1.5f64 4.0f64', '[6.75f64, 8.0f64, 0.0f64]')])
write(E + 'sum_type_equality.fut', 'Values of sum types can be compared for equality.', '''
type dir = #left | #right | #up
entry main (i: i32) : (bool, bool) =
  let d : dir = if i == 0 then #left else if i == 1 then #right else #up
  in (d == #right, d != #up)
''', [('1i32', 'true true'), ('2i32', 'false false')])
write(E + 'if_in_map.fut', 'if expressions returning arrays and tuples inside map.', '''
entry main (xs: []i32) : ([]i32, []bool) =
  unzip (map (\\x -> if x > 0 then (x, true) else (-x, false)) xs)
''', [('[3i32, -2i32, 0i32]', '[3i32, 2i32, 0i32] [true, false, false]')])
write(E + 'array_equality.fut', '== and != on arrays and tuples compare structurally.', '''
entry main [n] (xs: [n]i32) (ys: [n]i32) : (bool, bool, bool) =
  (xs == ys, (xs, 1) != (ys, 1), [xs] == [ys])
''', [('[1i32, 2i32] [1i32, 2i32]', 'true false true'), ('[1i32, 2i32] [1i32, 3i32]', 'false true false')])
write(E + 'short_circuit.fut', '&& and || short-circuit: the right operand is not evaluated (it would index out of bounds).', '''
entry main (xs: []i32) (i: i64) : (bool, bool) =
  (i < length xs && xs[i] > 0, i >= length xs || xs[i] > 0)
''', [('[1i32, 2i32] 5i64', 'false true'), ('[1i32, -2i32] 1i64', 'false false')])

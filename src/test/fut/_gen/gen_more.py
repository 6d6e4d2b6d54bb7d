"""Generates a second round of programs across the areas, probing less common forms."""
from common import *

E = 'exprs/'
write('exprs/typed_hole.fut', 'Evaluating a typed hole ??? is a run-time error; unevaluated holes are fine.', '''
entry main (x: i32) : i32 = if x > 0 then x else ???
''', [('3i32', '3i32'), ('-1i32', ('error', '.'))])
write(E + 'tuple_field_update.fut', '`with` works on tuple fields named by position.', '''
entry main (x: i32) : (i32, f64, i32) =
  let t = (x, 1.5, x * 2)
  let t = t with 0 = 100
  let t = t with 2 = t.2 + 1
  in t
''', [('4i32', '100i32 1.5f64 9i32')])
write(E + 'slice_2d_strides.fut', 'Slices with strides on both dimensions of a matrix, including reversal.', '''
entry main (m: [][]i32) : ([][]i32, [][]i32, []i32) = (m[::-1, ::2], m[1:, ::-1], m[::2, 1])
''', [(A2([[r*10+c for c in range(4)] for r in range(3)], 'i32'),
       ' '.join([A2([r[::2] for r in [[r*10+c for c in range(4)] for r in range(3)][::-1]], 'i32'),
                 A2([r[::-1] for r in [[r*10+c for c in range(4)] for r in range(3)][1:]], 'i32'),
                 A([r[1] for r in [[r*10+c for c in range(4)] for r in range(3)][::2]], 'i32')]))])
write(E + 'loop_zip_iota.fut', 'for (i, x) in zip (iota n) xs binds an index and an element per iteration.', '''
entry main [n] (xs: [n]i32) : i64 =
  loop acc = 0 for (i, x) in zip (iota n) xs do acc + i * i64.i32 x
''', [('[5i32, 6i32, 7i32]', f'{0*5+1*6+2*7}i64')])
write(E + 'loop_over_rows.fut', 'for row in m iterates over the rows of a matrix, accumulating an array.', '''
entry main [n][m] (rows: [n][m]i32) : [m]i32 =
  loop acc = replicate m 0 for row in rows do map2 (+) acc row
''', [('[[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]]', '[9i32, 12i32]')])
write(E + 'loop_while_array.fut', 'A while loop carrying an array and a counter.', '''
entry main (xs: []i32) : ([]i32, i32) =
  loop (ys, k) = (xs, 0) while i32.sum ys > 10 do (map (/ 2) ys, k + 1)
''', [('[8i32, 9i32, 10i32]', '[2i32, 2i32, 2i32] 2i32')])
write(E + 'match_nested_sum.fut', 'match on a sum type whose payload is a tuple, with nested literal patterns.', '''
type t = #pair (i32, i32) | #single i32 | #none
def score (v: t) : i32 =
  match v
  case #pair (0, y) -> y
  case #pair (x, y) -> x * y
  case #single 7 -> 700
  case #single x -> x
  case #none -> -1
entry main (a: i32) (b: i32) : []i32 = map score [#pair (0, b), #pair (a, b), #single 7, #single a, #none]
''', [('3i32 4i32', '[4i32, 12i32, 700i32, 3i32, -1i32]')])
write(E + 'sum_type_array_payload.fut', 'A sum type whose constructor carries an array.', '''
type res [n] = #ok ([n]i32) | #err i32
def safe_div [n] (xs: [n]i32) (d: i32) : res [n] = if d == 0 then #err 1 else #ok (map (/ d) xs)
entry main (xs: []i32) (d: i32) : ([]i32, i32) =
  match safe_div xs d
  case #ok ys -> (ys, 0)
  case #err e -> (xs, e)
''', [('[4i32, 9i32] 2i32', '[2i32, 4i32] 0i32'), ('[4i32, 9i32] 0i32', '[4i32, 9i32] 1i32')])
write(E + 'let_pattern_ascription.fut', 'Type ascriptions and wildcards inside let patterns.', '''
entry main (x: i32) : (i32, f64) =
  let (a: i32, _, b: f64) = (x + 1, true, 2.5)
  let (_, c) = (a, b * 2)
  in (a, c)
''', [('1i32', '2i32 5.0f64')])
write(E + 'size_binding_let.fut', 'let [n] binds the size of an existentially sized array.', '''
entry main (xs: []i32) : (i64, []i64) =
  let [n] (ys: [n]i32) = filter (> 0) xs
  in (n, iota n)
''', [('[1i32, -1i32, 2i32]', '2i64 [0i64, 1i64]')])
write('exprs/backtick_section.fut', 'Backtick operators in sections.', '''
entry main (xs: []i32) : ([]i32, []i32) = (map (`i32.max` 3) xs, map (10 `i32.min`) xs)
''', [('[1i32, 5i32, 20i32]', '[3i32, 5i32, 20i32] [1i32, 5i32, 10i32]')])
write(E + 'if_different_sizes.fut', 'An if whose branches have arrays of different sizes gets an existential size.', '''
entry main (b: bool) (n: i64) : []i64 = if b then iota n else iota (n + 2)
''', [('true 2i64', '[0i64, 1i64]'), ('false 2i64', '[0i64, 1i64, 2i64, 3i64]')])
write('exprs/open_and_local.fut', 'open brings module members into scope; local hides helper definitions.', '''
module util = {
  local def helper (x: i32) = x * 3
  def triple_plus (x: i32) = helper x + 1
}
open util
entry main (x: i32) : i32 = triple_plus x
''', [('2i32', '7i32')])

P = 'prelude/soacs/'
write(P + 'reduce_arrays.fut', 'reduce with an array-valued operator (column sums).', '''
entry main [n][m] (xss: [n][m]i32) : [m]i32 = reduce (map2 (+)) (replicate m 0) xss
''', [('[[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]]', '[9i32, 12i32]')])
write('prelude/soacs/reduce_arrays_empty.fut', 'reduce with an array-valued operator over zero rows gives the neutral array.', '''
entry main [n][m] (xss: [n][m]i32) : [m]i32 = reduce (map2 (+)) (replicate m 0) xss
''', [('empty([0][2]i32)', '[0i32, 0i32]')])
write(P + 'scan_arrays.fut', 'scan with an array-valued operator (running column sums).', '''
entry main [n][m] (xss: [n][m]i32) : [n][m]i32 = scan (map2 (+)) (replicate m 0) xss
''', [('[[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]]', '[[1i32, 2i32], [4i32, 6i32], [9i32, 12i32]]')])
write(P + 'hist_f32.fut', 'hist with f32 addition and multiplication.', '''
entry main [n] (is: [n]i64) (vs: [n]f32) : ([]f32, []f32) = (hist (+) 0 3 is vs, hist (*) 1 3 is vs)
''', [('[0i64, 1i64, 0i64, 2i64] [1.5f32, 2.0f32, 2.5f32, -1.0f32]', '[4.0f32, 2.0f32, -1.0f32] [3.75f32, 2.0f32, -1.0f32]')])
write(P + 'filter_rows.fut', 'filter over the rows of a matrix.', '''
entry main (m: [][]i32) : [][]i32 = filter (\\r -> i32.sum r > 3) m
''', [('[[1i32, 2i32], [3i32, 4i32], [0i32, 0i32]]', '[[3i32, 4i32]]')])
write(P + 'map_over_2d_zip.fut', 'map over zipped rows of two matrices.', '''
entry main [n][m] (a: [n][m]i32) (b: [n][m]i32) : [][]i32 = map (\\(r, s) -> map2 (*) r s) (zip a b)
''', [('[[1i32, 2i32], [3i32, 4i32]] [[5i32, 6i32], [7i32, 8i32]]', '[[5i32, 12i32], [21i32, 32i32]]')])
write(P + 'replicate_tuples.fut', 'replicate of tuples and unzip of the result.', '''
entry main (n: i64) : ([]i32, []bool) = unzip (replicate n (7, true))
''', [('2i64', '[7i32, 7i32] [true, true]')])

R = 'prelude/arrays/'
write(R + 'transpose_3d.fut', 'Transposing the inner two or outer two dimensions of a 3-d array.', '''
entry main (a: [][][]i32) : ([][][]i32, [][][]i32) = (map transpose a, transpose a)
''', [('[[[1i32, 2i32], [3i32, 4i32]], [[5i32, 6i32], [7i32, 8i32]]]',
       '[[[1i32, 3i32], [2i32, 4i32]], [[5i32, 7i32], [6i32, 8i32]]] [[[1i32, 2i32], [5i32, 6i32]], [[3i32, 4i32], [7i32, 8i32]]]')])
write(R + 'concat_inner.fut', 'Concatenating matrices along the inner dimension with map2 (++).', '''
entry main [n] (a: [n][]i32) (b: [n][]i32) : [][]i32 = map2 (++) a b
''', [('[[1i32], [2i32]] [[3i32, 4i32], [5i32, 6i32]]', '[[1i32, 3i32, 4i32], [2i32, 5i32, 6i32]]')])
write(R + 'take_too_many.fut', 'take more elements than the array has is a run-time error.', '''
entry main (xs: []i32) (n: i64) : []i32 = take n xs
''', [('[1i32, 2i32] 2i64', '[1i32, 2i32]'), ('[1i32, 2i32] 3i64', ('error', 'out of bounds'))])
write(R + 'split_out_of_range.fut', 'split at a position past the end is a run-time error.', '''
entry main (xs: []i32) (i: i64) : ([]i32, []i32) = split i xs
''', [('[1i32, 2i32] 0i64', 'empty([0]i32) [1i32, 2i32]'), ('[1i32, 2i32] 3i64', ('error', 'out of bounds'))])
write(R + 'tail_empty.fut', 'tail and init of an empty array are run-time errors.', '''
entry main (xs: []i32) (b: bool) : []i32 = if b then tail xs else init xs
''', [('[1i32, 2i32] true', '[2i32]'), ('empty([0]i32) true', ('error', 'out of bounds')), ('empty([0]i32) false', ('error', 'out of bounds'))])
write(R + 'copy_2d_update.fut', 'copy of a matrix can be updated without affecting the original.', '''
entry main (m: [][]i32) : ([][]i32, [][]i32) = let c = copy m in (m, c with [0, 0] = -1)
''', [('[[1i32, 2i32], [3i32, 4i32]]', '[[1i32, 2i32], [3i32, 4i32]] [[-1i32, 2i32], [3i32, 4i32]]')])

S = 'sizes/'
write(S + 'higher_order_sized.fut', 'A higher-order function whose function argument is size-typed.', '''
def apply_sized [n] (f: [n]i32 -> [n]i32) (xs: [n]i32) : [n]i32 = f xs
entry main (xs: []i32) : []i32 = apply_sized (map (+ 1)) xs
''', [('[1i32, 2i32]', '[2i32, 3i32]')])
write(S + 'size_param_as_value.fut', 'Size parameters are i64 values usable in expressions.', '''
def mean [n] (xs: [n]f64) : f64 = f64.sum xs / f64.i64 n
entry main (xs: []f64) : f64 = mean xs
''', [('[1.0f64, 2.0f64, 6.0f64]', '3.0f64')])
write(S + 'anonymous_sizes.fut', 'Anonymous sizes [] in parameters and results get fresh sizes.', '''
def dup (xs: []i32) : []i32 = xs ++ xs
entry main (xs: []i32) : (i64, []i32) = (length (dup xs), dup (dup xs))
''', [('[1i32]', '2i64 [1i32, 1i32, 1i32, 1i32]')])

U = 'uniqueness/'
write(U + 'consume_free_in_lambda.fut', 'A lambda may not consume a free variable (it could be applied many times).', '''
entry main (xs: *[]i32) (is: []i64) : [][]i32 = map (\\i -> xs with [i] = 0) is
''', compile_error='[Cc]onsum[a-z]* "?xs')
write(U + 'alias_via_let_nonunique.fut', 'An alias of a non-unique parameter is not consumable either.', '''
entry main (xs: []i32) : []i32 =
  let ys = xs
  in ys with [0] = 1
''', compile_error='not consumable')
write(U + 'unique_loop_accumulator.fut', 'A loop accumulator initialised with a fresh array may be updated in place each iteration.', '''
entry main (n: i64) : []i64 = loop acc = replicate n 0 for i < n do acc with [i] = i * i
''', [('4i64', '[0i64, 1i64, 4i64, 9i64]')])

C = 'errors/compile/'
write('errors/compile/sum_ambiguous.fut', 'A sum-type constructor without a known type is ambiguous.', '''
def f (x: bool) = #some x
entry main (x: bool) : bool = match f x case #some y -> y case _ -> false
''', compile_error='[Tt]ype is ambiguous')
write(C + 'entry_polymorphic.fut', 'Entry points may not be polymorphic.', '''
entry main 't (x: t) : t = x
''', compile_error='may not be polymorphic')
write(C + 'entry_higher_order.fut', 'Entry points may not take functions as parameters.', '''
entry main (f: i32 -> i32) (x: i32) : i32 = f x
''', compile_error='[Hh]igher-order')
write(C + 'unmatched_sum.fut', 'A match on a sum type missing a constructor is non-exhaustive.', '''
type t = #a | #b | #c
entry main (x: i32) : i32 =
  let v : t = if x == 0 then #a else #b
  in match v case #a -> 1 case #b -> 2
''', compile_error='[Uu]nmatched cases')
write(C + 'redefine_or.fut', 'The short-circuiting || operator may not be redefined.', '''
def (||) (a: bool) (b: bool) = b
entry main (x: bool) : bool = x || x
''', compile_error='may not be redefined')
write(C + 'loop_type_change.fut', 'The body of a loop must return the type of the loop parameter.', '''
entry main (n: i32) : i32 = loop x = 0i32 for i < n do 1.5f32
''', compile_error='[Ll]oop body|[Cc]ouldn.t match|[Cc]annot unify|do not match')
write(C + 'wrong_field.fut', 'Accessing a record field that does not exist is a type error.', '''
entry main (x: i32) : i32 = let r = {a = x} in r.b
''', compile_error='not found|no field|[Dd]oes not have')
write(C + 'tuple_arity.fut', 'A tuple pattern must have as many elements as the tuple.', '''
entry main (x: i32) : i32 = let (a, b) = (x, x, x) in a + b
''', compile_error='[Pp]attern .*match|[Cc]ouldn.t match|[Cc]annot unify')
write('errors/compile/causality.fut', 'The causality check rejects using a size before it is computed (the inner size of `early` comes from a later filter).', '''
def g (xs: []i32) : bool =
  let early = [] : [][]i32
  let late = [filter (< 0) xs]
  in early[0] == late[0]
entry main (xs: []i32) : bool = g xs
''', compile_error='[Cc]ausality check')
write('errors/compile/unused_size_let.fut', 'A size bound in a let pattern must be used (Size n unused in pattern).', '''
entry main (x: i32) : i32 = let [n] (y: i32) = x in y
''', compile_error='unused in pattern')

M = 'semantics/'
write(M + 'u64_float_conversion.fut', 'Conversions between u64 and f64 at the top of the u64 range.', '''
entry main (x: u64) (f: f64) : (f64, u64, u64) = (f64.u64 x, u64.f64 f, u64.i64 (-1))
''', [('18446744073709551615u64 1.0e19f64', f'{float(2**64-1)}f64 10000000000000000000u64 18446744073709551615u64')])
write(M + 'i64_wrapping_sum.fut', 'Summing i64 values wraps modulo 2^64.', '''
entry main (xs: []i64) : i64 = i64.sum xs
''', [('[9223372036854775807i64, 1i64, 1i64]', f'{wrap(2**63 - 1 + 2, "i64")}i64')])
write(M + 'float_compare_mixed.fut', 'Float comparisons and min/max with infinities.', '''
entry main (x: f32) : (bool, bool, f32, f32) = (x < f32.inf, -f32.inf < x, f32.min x f32.inf, f32.max x (-f32.inf))
''', [('3.5f32', 'true true 3.5f32 3.5f32')])
write(M + 'f16_arith.fut', 'f16 add, multiply, divide and sqrt on exactly representable values.', '''
entry main (a: f16) (b: f16) : (f16, f16, f16, f16) = (a + b, a * b, a / b, f16.sqrt (a * a))
''', [('1.5f16 0.25f16', '1.75f16 0.375f16 6.0f16 1.5f16')])
write('errors/runtime/coercion_message.fut', 'A failed size coercion reports the reference message "... cannot match shape of type ...".', '''
entry main [n] (xs: [n]i32) (ys: []i32) : [n]i32 = ys :> [n]i32
''', [('[1i32, 2i32] [3i32]', ('error', 'cannot match shape of type'))])
write('sizes/anonymous_sizes_distinct.fut', 'Two [] parameters get distinct sizes, so map2 over them without a coercion is a compile-time size error.', '''
entry main (xs: []i32) (ys: []i32) : []i32 = map2 (+) xs ys
''', compile_error='[Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)')

"""Generates types/, sizes/ and uniqueness/ programs."""
from common import *

T = 'types/'
write(T + 'literal_default_i32.fut', 'Unconstrained integer literals default to i32 (visible through wrapping at 2^31).', '''
entry main (x: i32) : i32 =
  let big = 2147483647
  in big + x
''', [('1i32', '-2147483648i32')])
write(T + 'literal_default_f64.fut', 'Unconstrained decimal literals default to f64 (visible through precision beyond f32).', '''
entry main (x: f64) : f64 =
  let third = 1.0 / 3.0
  in third * 3.0 - x + 0.1 + 0.2
''', [('1.0f64', f'{(1.0/3.0)*3.0 - 1.0 + 0.1 + 0.2}f64')])
write(T + 'literal_inferred_from_use.fut', 'Literal types are inferred from later uses.', '''
entry main (x: u16) (y: f32) : (u16, f32) =
  let a = 65535
  let b = 0.5
  in (a + x, b * y)
''', [('2u16 3.0f32', '1u16 1.5f32')])
write(T + 'polymorphic_functions.fut', 'Polymorphic functions instantiated at several types.', '''
def swap 'a 'b (x: a, y: b) : (b, a) = (y, x)
def first 't (xs: []t) : t = xs[0]
entry main (x: i32) (y: bool) (zs: []f32) : (bool, i32, f32, bool) =
  let (p, q) = swap (x, y)
  in (p, q, first zs, first [y])
''', [('1i32 true [2.5f32, 3.0f32]', 'true 1i32 2.5f32 true')])
write(T + 'higher_order.fut', 'Higher-order functions taking and applying function arguments.', '''
def twice 'a (f: a -> a) (x: a) : a = f (f x)
def apply_all 'a 'b (fs: (a -> b, a -> b)) (x: a) : (b, b) = (fs.0 x, fs.1 x)
entry main (x: i32) : (i32, i32, i32, f64) =
  let (a, b) = apply_all ((+ 1), (* 2)) x
  in (twice (* 3) x, a, b, twice f64.sqrt 16)
''', [('2i32', '18i32 3i32 4i32 2.0f64')])
write(T + 'partial_application.fut', 'Partial application of multi-parameter functions and prelude functions.', '''
def add3 (a: i32) (b: i32) (c: i32) = a + b * 10 + c * 100
entry main (xs: []i32) : ([]i32, []i32, []i32) =
  let f = add3 1
  let g = f 2
  in (map g xs, map (add3 0 0) xs, map (i32.max 2) xs)
''', [('[1i32, 3i32]', '[121i32, 321i32] [100i32, 300i32] [2i32, 3i32]')])
write(T + 'point_free_entry.fut', 'A point-free entry point defined by partially applying map.', '''
entry main = map f32.round
''', [('[1.4f32, 2.5f32, -0.6f32]', '[1.0f32, 2.0f32, -1.0f32]')])
write(T + 'point_free_composed.fut', 'A point-free entry point built from composition.', '''
def inc (x: i64) = x + 1
entry main : []i64 -> []i64 = map inc >-> map (* 2)
''', [('[1i64, 2i64]', '[4i64, 6i64]')])
write(T + 'type_abbrev.fut', 'Type abbreviations, including nested abbreviations.', '''
type vec = [3]f64
type pair = (vec, i32)
def dot (a: vec) (b: vec) : f64 = f64.sum (map2 (*) a b)
entry main (a: vec) (b: vec) : pair = (map2 (+) a b, i32.f64 (dot a b))
''', [('[1.0f64, 2.0f64, 3.0f64] [4.0f64, 5.0f64, 6.0f64]', '[5.0f64, 7.0f64, 9.0f64] 32i32')])
write(T + 'type_abbrev_params.fut', 'Type abbreviations with size and type parameters.', '''
type two_vecs [n] 't = ([n]t, [n]t)
type ivecs [n] = two_vecs [n] i32
def mk (n: i64) : ivecs [n] = (replicate n 1, map i32.i64 (iota n))
entry main (n: i64) : ([]i32, []i32) = mk n
''', [('3i64', '[1i32, 1i32, 1i32] [0i32, 1i32, 2i32]')])
write(T + 'record_types.fut', 'Record types in parameters and results, with field order not mattering.', '''
type person = {age: i32, height: f32}
def older (p: person) : person = p with age = p.age + 1
entry main (a: i32) (h: f32) : {height: f32, age: i32} = older {age = a, height = h}
''', [('30i32 1.8f32', '31i32 1.8f32')]) if False else None
write(T + 'record_types.fut', 'Record types in parameters; a record abbreviation with fields in another order.', '''
type person = {age: i32, height: f32}
def older (p: person) : person = p with age = p.age + 1
entry main (a: i32) (h: f32) : (i32, f32) =
  let p : {height: f32, age: i32} = older {height = h, age = a}
  in (p.age, p.height)
''', [('30i32 1.75f32', '31i32 1.75f32')])
write(T + 'function_types.fut', 'Function-typed parameters written with arrow types and named parameters.', '''
def compose 'a 'b 'c (g: b -> c) (f: a -> b) : a -> c = \\x -> g (f x)
def apply_n (n: i32) (f: i32 -> i32) (x: i32) : i32 = loop x for _i < n do f x
entry main (x: i32) : (i32, i32) = (compose (+ 1) (* 2) x, apply_n 3 (* 2) x)
''', [('5i32', '11i32 40i32')])
write(T + 'inference_lambda.fut', 'Parameter types of lambdas are inferred from their use.', '''
entry main (xs: []f32) : ([]f32, f32) =
  let sq = \\x -> x * x
  in (map sq xs, reduce (\\a b -> a + b) 0 xs)
''', [('[1.5f32, 2.0f32]', '[2.25f32, 4.0f32] 3.5f32')])
write(T + 'inference_let_function.fut', 'Unannotated top-level functions get their types from their bodies.', '''
def avg xs = f64.sum xs / f64.i64 (length xs)
def clamp lo hi x : i32 = i32.max lo (i32.min hi x)
entry main (xs: []f64) (y: i32) : (f64, i32) = (avg xs, clamp 0 10 y)
''', [('[1.0f64, 2.0f64, 6.0f64] 42i32', '3.0f64 10i32')])
write(T + 'polymorphic_array_fn.fut', 'A polymorphic function over arrays of any element type, including arrays of tuples.', '''
def rotate_left 't (xs: []t) : []t = xs[1:] ++ xs[:1]
entry main [n] (xs: [n]i32) (ys: [n]bool) : ([]i32, []bool, []i32, []bool) =
  let (a, b) = unzip (rotate_left (zip xs ys))
  in (rotate_left xs, rotate_left ys, a, b)
''', [('[1i32, 2i32, 3i32] [true, false, false]',
       '[2i32, 3i32, 1i32] [false, false, true] [2i32, 3i32, 1i32] [false, false, true]')])
write(T + 'higher_order_return.fut', 'Functions returning functions (curried closures) applied later.', '''
def adder (k: i32) : i32 -> i32 = \\x -> x + k
def pick (b: bool) : i32 -> i32 = if b then (* 2) else (+ 100)
entry main (x: i32) : (i32, i32, i32) = (adder 5 x, pick true x, pick false x)
''', [('3i32', '8i32 6i32 103i32')]) if False else None
write(T + 'higher_order_return.fut', 'Functions returning closures that capture their arguments.', '''
def adder (k: i32) : i32 -> i32 = \\x -> x + k
def scaler (k: i32) = \\(x: i32) -> x * k
entry main (x: i32) : (i32, i32, []i32) = (adder 5 x, scaler 3 x, map (adder x) [1, 2])
''', [('3i32', '8i32 9i32 [4i32, 5i32]')])
write(T + 'tuple_types.fut', 'Nested tuple types as parameters and results.', '''
entry main (p: (i32, (f32, bool))) : ((bool, f32), i32) =
  let (a, (b, c)) = p in ((c, b), a)
''', []) if False else None
write(T + 'tuple_types.fut', 'Nested tuples built and taken apart inside the program.', '''
def flip3 (a: i32, (b: f32, c: bool)) : ((bool, f32), i32) = ((c, b), a)
entry main (a: i32) (b: f32) (c: bool) : (bool, f32, i32) =
  let ((x, y), z) = flip3 (a, (b, c)) in (x, y, z)
''', [('1i32 2.5f32 true', 'true 2.5f32 1i32')])
write(T + 'unsigned_inference.fut', 'Operators between unsigned values keep the unsigned type.', '''
entry main (x: u32) : (u32, u64) = (x / 2 + 1, u64.u32 x * 3)
''', [('4000000000u32', '2000000001u32 12000000000u64')])
write('known-failures/types/module_types.fut', 'A module ascribed a module type, with an abstract type used through its interface.', '''
module type counter = {
  type t
  val zero : t
  val incr : t -> t
  val get : t -> i32
}
module c : counter = {
  type t = i32
  def zero = 0
  def incr (x: t) = x + 2
  def get (x: t) = x
}
entry main (n: i32) : i32 = c.get (loop x = c.zero for _i < n do c.incr x)
''', [('5i32', '10i32')])
write('known-failures/types/parametric_module.fut', 'A parametric module applied to a prelude numeric module.', '''
module sums (N: numeric) = {
  def sum_sq (xs: []N.t) : N.t = N.sum (map (\\x -> N.(x * x)) xs)
}
module si = sums i32
module sf = sums f64
entry main (xs: []i32) (ys: []f64) : (i32, f64) = (si.sum_sq xs, sf.sum_sq ys)
''', [('[1i32, 2i32, 3i32] [0.5f64, 1.5f64]', '14i32 2.5f64')])

Z = 'sizes/'
write(Z + 'size_params.fut', 'Size parameters bind the lengths of array arguments.', '''
def len [n] 't (_: [n]t) : i64 = n
entry main [n][m] (xs: [n]i32) (ys: [m]f32) : (i64, i64, i64) = (n, m, len (zip xs xs))
''', [('[1i32, 2i32, 3i32] [1.0f32]', '3i64 1i64 3i64')])
write(Z + 'size_matrix.fut', 'Size parameters on both dimensions of a matrix.', '''
entry main [r][c] (m: [r][c]i32) : (i64, i64, [c][r]i32) = (r, c, transpose m)
''', [('[[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]]', '2i64 3i64 [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]]')])
write(Z + 'size_expressions.fut', 'Sizes computed from expressions: iota (n+1) and replicate with arithmetic sizes.', '''
entry main (n: i64) : ([]i64, [][]i32, i64) =
  let a = iota (n + 1)
  let b = replicate (n * 2) (replicate 2 0i32)
  in (a, b[:1], length b)
''', [('2i64', '[0i64, 1i64, 2i64] [[0i32, 0i32]] 4i64')])
write(Z + 'size_in_return.fut', 'A function whose return type mentions a size parameter.', '''
def pairs [n] (xs: [n]i32) : [n](i32, i32) = map (\\x -> (x, x * x)) xs
entry main (xs: []i32) : ([]i32, []i32) = unzip (pairs xs)
''', [('[2i32, 3i32]', '[2i32, 3i32] [4i32, 9i32]')])
write(Z + 'existential_filter.fut', 'filter returns an array of existential size that can be used afterwards.', '''
entry main (xs: []i32) : (i64, []i32) =
  let ys = filter (> 0) xs
  in (length ys, map (* 2) ys)
''', [('[1i32, -2i32, 3i32]', '2i64 [2i32, 6i32]'), ('[-1i32]', '0i64 empty([0]i32)')])
write(Z + 'existential_return.fut', 'A function returning an array whose size is unknown until it runs (existential size in the result).', '''
def positives (xs: []i32) : ?[k].[k]i32 = filter (> 0) xs
entry main (xs: []i32) : []i32 = positives xs ++ positives (map (\\x -> -x) xs)
''', [('[1i32, -2i32, 3i32]', '[1i32, 3i32, 2i32]')])
write(Z + 'size_from_value.fut', 'A size taken from a value parameter and used in a type.', '''
def zeros (n: i64) : [n]f32 = replicate n 0
entry main (n: i64) (xs: []f32) : [n]f32 = map2 (+) (zeros n) (xs :> [n]f32)
''', [('2i64 [1.5f32, 2.5f32]', '[1.5f32, 2.5f32]')])
write(Z + 'coercion_fail.fut', 'A size coercion that does not hold fails at run time.', '''
entry main [n] (xs: [n]i32) (ys: []i32) : [n]i32 = map2 (+) xs (ys :> [n]i32)
''', [('[1i32, 2i32] [3i32, 4i32]', '[4i32, 6i32]'), ('[1i32, 2i32] [3i32]', ('error', '[Ss]ize coercion|cannot match shape'))])
write('sizes/size_mismatch_compile.fut', 'zip on arrays with distinct size parameters is a compile-time size error.', '''
entry main [n][m] (xs: [n]i32) (ys: [m]i32) : [](i32, i32) = zip xs ys
''', compile_error='[Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)')
write(Z + 'size_type_abbrev.fut', 'A size-parameterised type abbreviation used in an entry signature.', '''
type matrix [r][c] = [r][c]f64
def identity (n: i64) : matrix [n][n] = tabulate_2d n n (\\i j -> if i == j then 1 else 0)
entry main (n: i64) : [][]f64 = identity n
''', [('2i64', '[[1.0f64, 0.0f64], [0.0f64, 1.0f64]]')])
write('sizes/unused_size_compile.fut', 'A size parameter not used by any parameter is rejected.', '''
def f [n] (x: i32) : i32 = x
entry main (x: i32) : i32 = f x
''', compile_error='unused in pattern')
write(Z + 'size_from_slice.fut', 'a[:n] has size n statically, so it zips with an array of size n.', '''
entry main [m] (xs: [m]i32) (n: i64) : ([]i32, []i64) = unzip (zip xs[:n] (iota n))
''', [('[5i32, 6i32, 7i32] 2i64', '[5i32, 6i32] [0i64, 1i64]'), ('[5i32] 2i64', ('error', 'out of bounds'))])
write(Z + 'size_loop_growing.fut', 'A loop whose array parameter grows each iteration (its size is existential).', '''
entry main (n: i32) : []i32 =
  loop xs = [1] for i < n do xs ++ [i + 2]
''', [('3i32', '[1i32, 2i32, 3i32, 4i32]')])
write(Z + 'runtime_size_check.fut', 'A type ascription with a size is checked at run time.', '''
entry main (xs: []i32) : [3]i32 = xs :> [3]i32
''', [('[1i32, 2i32, 3i32]', '[1i32, 2i32, 3i32]'), ('[1i32, 2i32]', ('error', '[Ss]ize coercion|cannot match shape'))])

U = 'uniqueness/'
write(U + 'inplace_unique_param.fut', 'A unique parameter can be updated in place and returned.', '''
def set0 (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v
entry main (xs: *[]i32) : []i32 = set0 xs 42
''', [('[1i32, 2i32]', '[42i32, 2i32]')])
write(U + 'inplace_loop.fut', 'In-place updates on a loop parameter (a histogram by hand).', '''
entry main (xs: []i64) (k: i64) : []i32 =
  loop h = replicate k 0 for x in xs do h with [x] = h[x] + 1
''', [('[0i64, 2i64, 2i64, 1i64, 2i64] 3i64', '[1i32, 1i32, 3i32]')])
write(U + 'copy_breaks_alias.fut', 'copy makes a fresh array so the original can still be used after updating the copy.', '''
entry main (xs: []i32) : ([]i32, []i32) =
  let ys = copy xs
  let ys[0] = 100
  in (xs, ys)
''', [('[1i32, 2i32]', '[1i32, 2i32] [100i32, 2i32]')])
write(U + 'use_after_consume.fut', 'Using a variable after it was consumed by an in-place update is a compile-time error.', '''
entry main (xs: *[]i32) : ([]i32, []i32) =
  let ys = xs with [0] = 0
  in (ys, xs)
''', compile_error='but this was consumed')
write(U + 'alias_consumed.fut', 'Consuming an alias consumes the original as well.', '''
entry main (xs: *[]i32) : i32 =
  let ys = xs
  let zs = ys with [0] = 0
  in xs[0] + zs[0]
''', compile_error='but this was consumed')
write(U + 'not_consumable.fut', 'Updating a non-unique parameter is a compile-time error.', '''
def f (a: []i32) : []i32 =
  let a[0] = a[0] + 1
  in a
entry main (xs: []i32) : []i32 = f (copy xs)
''', compile_error='not consumable')
write(U + 'unique_return_aliased.fut', 'A unique return type may not alias a non-unique parameter.', '''
def f (xs: []i32) : *[]i32 = xs
entry main (xs: []i32) : []i32 = f xs
''', compile_error='[Uu]nique-typed return value')
write(U + 'consuming_param_nonunique.fut', 'Passing a non-unique array for a consuming parameter is a compile-time error.', '''
def update (xs: *[]i32) : *[]i32 = xs with [0] = 0
entry main (ys: []i32) : []i32 = update ys
''', compile_error='[Cc]onsuming parameter passed non-unique argument')
write(U + 'loop_consumes.fut', 'A loop whose unique parameter is initialised from a variable consumes that variable.', '''
entry main (n: i64) : []i32 =
  let a = replicate n 0i32
  let b = loop a' = a for i < n do a' with [i] = i32.i64 i
  in map2 (+) a b
''', compile_error='but this was consumed')
write(U + 'unique_result_two.fut', 'A function may return two unique results if they do not alias each other.', '''
def split2 (xs: *[]i32) : (*[]i32, *[]i32) = (xs, copy xs with [0] = -1)
entry main (xs: *[]i32) : ([]i32, []i32) = split2 xs
''', [('[5i32, 6i32]', '[5i32, 6i32] [-1i32, 6i32]')])
write(U + 'unique_result_aliased_components.fut', 'Two unique results that alias each other are rejected.', '''
entry main (xs: *[]i32) : (*[]i32, *[]i32) = (xs, xs)
''', compile_error='aliased to some other component')
write(U + 'inplace_in_map.fut', 'In-place updates on fresh arrays inside a map body.', '''
entry main (xs: []i32) : [][]i32 =
  map (\\x -> let a = replicate 3 0 in a with [1] = x) xs
''', [('[7i32, 8i32]', '[[0i32, 7i32, 0i32], [0i32, 8i32, 0i32]]')])
write(U + 'scatter_fresh.fut', 'scatter consumes a fresh destination array.', '''
entry main [k] (n: i64) (is: [k]i64) (vs: [k]i32) : []i32 = scatter (replicate n 0) is vs
''', [('4i64 [3i64, 0i64] [7i32, 9i32]', '[9i32, 0i32, 0i32, 7i32]')])

"""Programs for local polymorphism, functional-type restrictions, uniqueness and typed holes
(the front-end fixes of issue 4). Regexes follow the reference's wording where it has one."""
from common import *

C = 'errors/compile/'
FUN = '[Ff]unctional|[Ff]unction type|lifted|[Hh]igher-order'
write(C + 'function_from_if.fut', 'A function cannot be returned from an if expression.', '''
entry main (b: bool) (x: i32) : i32 =
  let f = if b then (+ 1) else (* 2)
  in f x
''', compile_error='[Ff]ully lifted types cannot be returned from conditional')
write(C + 'function_from_loop.fut', 'A loop parameter cannot be a function.', '''
entry main (x: i32) : i32 =
  let f = loop f = (+ 1) for i < 3 do (\\y -> f (y + 1))
  in f x
''', compile_error='[Ff]ully lifted types cannot be returned from conditional or loop')
write(C + 'function_from_match.fut', 'A function cannot be returned from a match.', '''
entry main (k: i32) (x: i32) : i32 =
  let f = match k
          case 0 -> (+ 1)
          case _ -> (* 2)
  in f x
''', compile_error='[Ff]ully lifted types cannot be returned from conditional')
write(C + 'array_of_functions.fut', 'Arrays of functions are not permitted.', '''
entry main (x: i32) : i32 =
  let fs = [(+ 1), (* 2)]
  in fs[0] x
''', compile_error='[Aa]rrays of functions')
write(C + 'unlifted_param_function.fut', 'A non-lifted type parameter cannot be instantiated with a function.', '''
def pick 't (b: bool) (x: t) (y: t) : t = if b then x else y
entry main (b: bool) (x: i32) : i32 = (pick b (+ 1) (* 2)) x
''', compile_error=FUN)
write('types/lifted_prelude_functions.fut', "id, const and flip have lifted type parameters, so they accept functions; so does a user '^ parameter.", '''
def ap '^a 'b (f: a) (g: a -> b) : b = g f
entry main (x: i32) : i32 =
  (id (+ 1)) x + const (* 2) 1 x + flip (\\a (b: i32) -> a - b) 1 x + ap (+ 1) (\\f -> f x)
''', [('5i32', '26i32')])  # 6 + 10 + 4 + 6

U = 'uniqueness/'
write(U + 'unique_result_components_copied.fut', 'The valid twin of unique_result_aliased_components: copy breaks the aliasing.', '''
entry main (xs: *[]i32) : (*[]i32, *[]i32) =
  let ys = copy xs
  in (xs with [0] = 7, ys)
''', [('[1i32, 2i32]', '[7i32, 2i32] [1i32, 2i32]')])
write(U + 'consuming_higher_order_declared.fut', 'A higher-order parameter declared consuming may be passed a consuming function.', '''
def apply_c [n] 'b (f: *[n]i32 -> b) (x: *[n]i32) : b = f x
def bump (xs: *[]i32) : *[]i32 = xs with [0] = xs[0] + 1
entry main (arr: *[]i32) : []i32 = apply_c bump arr
''', [('[1i32, 5i32]', '[2i32, 5i32]')])
write(C + 'free_variable_alias_slice.fut', 'A slice of a top-level array returned from a function aliases the free variable.', '''
def table = [1i32, 2, 3, 4]
def rest (k: i64) : []i32 = if k > 0 then table[1:] else table[2:]
entry main (k: i64) : []i32 = rest k
''', compile_error='aliases the free variable table')
write(U + 'global_array_copied.fut', 'Scalars read from a top-level array and copies of it may be returned from functions.', '''
def table = [1i32, 2, 3, 4]
def first (_: i64) : i32 = table[0]
def fresh (_: i64) : []i32 = copy table
entry main (k: i64) : (i32, []i32) = (first k, fresh k)
''', [('0i64', '1i32 [1i32, 2i32, 3i32, 4i32]')])

write('exprs/open_numeric_module.fut', 'open f32 brings the f32 functions into scope unqualified; the arithmetic operators stay overloaded.', '''
open f32
entry main (x: f32) (k: i32) : (f32, f32, i32) = (sqrt x + abs (-1), max x 2, k + 1)
''', [('9f32 3i32', '4f32 9f32 4i32'), ('1f32 0i32', '2f32 2f32 1i32')])
write('exprs/local_def_in_module.fut', 'local def inside a module is usable by the module itself.', '''
module m = {
  local def sq (x: i64) = x * x
  def sum_sq (xs: []i64) = i64.sum (map sq xs)
}
entry main (xs: []i64) : i64 = m.sum_sq xs
''', [('[1i64, 2i64, 3i64]', '14i64')])
write('exprs/typed_hole_types.fut', 'Typed holes take their type from the context (here a tuple holding an array); unevaluated holes are fine.', '''
def pick (b: bool) (x: (i32, []f64)) : (i32, []f64) = if b then x else ???
entry main (b: bool) (xs: []f64) : (i32, []f64) = pick b (1, xs)
''', [('true [1.0f64]', '1i32 [1.0f64]'), ('false [1.0f64]', ('error', r'Reached hole of type: \(i32, \[[a-z0-9_]*\]f64\)'))])

write('exprs/local_polymorphic_equality.fut', 'A local function comparing with == is generalised and used at three types (scalars and arrays).', '''
entry main (x: i32) (y: f64) (xs: []i64) : (bool, bool, bool, bool) =
  let same a b = a == b
  in (same x 1, same y 2.5, same xs xs, same xs (map (+ 1) xs))
''', [('1i32 2.5f64 [1i64, 2i64]', 'true true true false'), ('2i32 0.0f64 empty([0]i64)', 'false false true true')])

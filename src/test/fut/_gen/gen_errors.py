"""Generates errors/*.fut: run-time errors (error: expectations per dataset) and compile-time errors
whose regexes follow the reference compiler's messages (User's Guide, "Compiler error messages")."""
from common import *

R = 'errors/runtime/'
write(R + 'index_2d_oob.fut', 'Indexing a matrix out of bounds in the inner dimension is a run-time error.', '''
entry main (m: [][]i32) (i: i64) (j: i64) : i32 = m[i, j]
''', [('[[1i32, 2i32], [3i32, 4i32]] 1i64 1i64', '4i32'), ('[[1i32, 2i32], [3i32, 4i32]] 1i64 2i64', ('error', 'out of bounds'))])
write(R + 'negative_index.fut', 'A negative index is out of bounds.', '''
entry main (xs: []i32) (i: i64) : i32 = xs[i]
''', [('[1i32, 2i32] -1i64', ('error', 'out of bounds'))])
write(R + 'slice_past_end.fut', 'A slice extending past the end of the array is a run-time error.', '''
entry main (xs: []i32) (i: i64) (j: i64) : []i32 = xs[i:j]
''', [('[1i32, 2i32, 3i32] 1i64 3i64', '[2i32, 3i32]'), ('[1i32, 2i32, 3i32] 1i64 5i64', ('error', 'out of bounds'))])
write(R + 'slice_reversed_bounds.fut', 'A slice whose start is after its end (with positive stride) is invalid.', '''
entry main (xs: []i32) (i: i64) (j: i64) : []i32 = xs[i:j]
''', [('[1i32, 2i32, 3i32] 2i64 1i64', ('error', 'out of bounds'))])
write(R + 'slice_zero_stride.fut', 'A slice with stride zero is invalid.', '''
entry main (xs: []i32) (s: i64) : []i32 = xs[0:2:s]
''', [('[1i32, 2i32, 3i32] 1i64', '[1i32, 2i32]'), ('[1i32, 2i32, 3i32] 0i64', ('error', 'out of bounds'))])
write(R + 'range_backwards.fut', 'An inclusive range whose end is below its start is invalid.', '''
entry main (a: i64) (b: i64) : []i64 = a...b
''', [('1i64 3i64', '[1i64, 2i64, 3i64]'), ('5i64 1i64', ('error', 'is invalid'))])
write(R + 'range_up_end_below.fut', 'x..<z with z less than x is invalid (documented run-time error).', '''
entry main (a: i64) (z: i64) : []i64 = a..<z
''', [('2i64 4i64', '[2i64, 3i64]'), ('5i64 1i64', ('error', 'is invalid'))])
write(R + 'range_zero_stride.fut', 'A range whose first two elements are equal (stride zero) is invalid.', '''
entry main (a: i64) (n: i64) : []i64 = a..a...n
''', [('1i64 5i64', ('error', 'is invalid'))])
write(R + 'range_down_end_above.fut', 'x..y..>z with z greater than x is invalid (documented run-time error).', '''
entry main (a: i64) (b: i64) (z: i64) : []i64 = a..b..>z
''', [('5i64 3i64 0i64', '[5i64, 3i64, 1i64]'), ('5i64 3i64 8i64', ('error', 'is invalid'))])
write(R + 'coercion_2d.fut', 'A size coercion on the inner dimension of a matrix fails when the sizes differ.', '''
entry main [n] (m: [][]i32) (v: [n]i32) : [][n]i32 = map (\\r -> map2 (+) (r :> [n]i32) v) m
''', [('[[1i32, 2i32]] [10i32, 20i32]', '[[11i32, 22i32]]'), ('[[1i32, 2i32, 3i32]] [10i32, 20i32]', ('error', '[Ss]ize coercion|cannot match shape'))])
write(R + 'assert_in_function.fut', 'A failing assert inside a helper called from map is a run-time error.', '''
def checked_sqrt (x: f64) : f64 = assert (x >= 0) (f64.sqrt x)
entry main (xs: []f64) : []f64 = map checked_sqrt xs
''', [('[4.0f64, 9.0f64]', '[2.0f64, 3.0f64]'), ('[4.0f64, -1.0f64]', ('error', 'Assertion is false'))])
write(R + 'div_zero_variants.fut', 'Integer %, // and %% by zero are run-time errors as well as /.', '''
entry main (a: i64) (b: i64) (op: i32) : i64 =
  match op case 0 -> a % b
           case 1 -> a // b
           case _ -> a %% b
''', [('7i64 2i64 0i32', '1i64'), ('7i64 0i64 0i32', ('error', '[Dd]ivision by zero')),
      ('7i64 0i64 1i32', ('error', '[Dd]ivision by zero')), ('7i64 0i64 2i32', ('error', '[Dd]ivision by zero'))])
write(R + 'div_zero_unsigned.fut', 'Unsigned division by zero is a run-time error.', '''
entry main (a: u8) (b: u8) : u8 = a / b
''', [('7u8 0u8', ('error', '[Dd]ivision by zero'))])
write(R + 'oob_in_map.fut', 'An out-of-bounds index inside a parallel map is reported.', '''
entry main (xs: []i32) (is: []i64) : []i32 = map (\\i -> xs[i]) is
''', [('[1i32, 2i32] [0i64, 1i64]', '[1i32, 2i32]'), ('[1i32, 2i32] [0i64, 7i64]', ('error', 'out of bounds'))])
write(R + 'oob_in_loop.fut', 'An out-of-bounds index reached by a loop is reported.', '''
entry main (xs: []i32) (n: i64) : i32 = loop s = 0 for i < n do s + xs[i]
''', [('[1i32, 2i32, 3i32] 3i64', '6i32'), ('[1i32, 2i32, 3i32] 4i64', ('error', 'out of bounds'))])
write(R + 'update_oob.fut', 'An in-place update out of bounds is a run-time error.', '''
entry main (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 0
''', [('[1i32, 2i32] 1i64', '[1i32, 0i32]'), ('[1i32, 2i32] 2i64', ('error', 'out of bounds'))])
write(R + 'unflatten_wrong_size.fut', 'unflatten with dimensions that do not multiply to the length fails.', '''
entry main (xs: []i32) (n: i64) (m: i64) : [][]i32 = unflatten n m xs
''', [('[1i32, 2i32, 3i32, 4i32] 2i64 2i64', '[[1i32, 2i32], [3i32, 4i32]]'), ('[1i32, 2i32, 3i32] 2i64 2i64', ('error', '[Cc]annot unflatten|cannot match shape|[Ss]hape'))])

C = 'errors/compile/'
write(C + 'unknown_type.fut', 'Using an undefined type name is a compile-time error.', '''
entry main (x: vec3) : i32 = 0
''', compile_error='[Uu]nknown type')
write(C + 'if_branch_types.fut', 'The branches of an if must have the same type.', '''
entry main (b: bool) : i32 = if b then 1 else 2.0
''', compile_error='[Cc]ouldn.t match|[Cc]annot unify|cannot be used at type|do not match|Cannot instantiate')
write(C + 'condition_not_bool.fut', 'The condition of an if must be bool.', '''
entry main (x: i32) : i32 = if x then 1 else 2
''', compile_error='must be bool|[Cc]ouldn.t match|[Cc]annot unify')
write(C + 'literal_out_of_bounds.fut', 'An overloaded literal too large for its inferred type is rejected.', '''
entry main (x: u8) : u8 = x + (257 : u8)
''', compile_error='[Ll]iteral out of bounds')
write(C + 'redefine_and.fut', 'The short-circuiting && operator may not be redefined.', '''
def (&&) (a: bool) (b: bool) = a
entry main (x: bool) : bool = x && x
''', compile_error='may not be redefined')
write(C + 'unmatched_cases.fut', 'A non-exhaustive match is a compile-time error.', '''
entry main (x: i32) : bool =
  match x
  case 0 -> false
  case 1 -> true
''', compile_error='[Uu]nmatched cases')
write(C + 'ambiguous_record.fut', 'Projecting a field from a parameter of unknown record type is ambiguous.', '''
def f r = r.x
entry main (x: i32) : i32 = f {x = x}
''', compile_error='[Tt]ype is ambiguous|is not known')
write(C + 'record_update_unknown.fut', 'A record update needs the full type of the record to be known.', '''
def f r : {x: i32} = r with x = 0
entry main (x: i32) : i32 = (f {x = x}).x
''', compile_error='is not known|[Tt]ype is ambiguous')
write(C + 'free_variable_alias.fut', 'A function result may not alias a free variable.', '''
def xs = [1i32, 2, 3]
def f (_: i32) : []i32 = xs
entry main (x: i32) : []i32 = f x
''', compile_error='aliases the free variable')
write(C + 'entry_in_module.fut', 'Entry points may not be declared inside modules.', '''
module m = {
  entry f (x: i32) : i32 = x
}
entry main (x: i32) : i32 = m.f x
''', compile_error='[Ee]ntry points may not be declared inside modules')
write(C + 'array_mixed_types.fut', 'All elements of an array literal must have the same type.', '''
entry main (x: i32) : []i32 = [x, true]
''', compile_error='[Cc]ouldn.t match|[Cc]annot unify|do not match|[Dd]ifferent types')
write('errors/compile/irregular_array.fut', 'Array literals must be regular.', '''
entry main (x: i32) : [][]i32 = [[x, x], [x]]
''', compile_error='[Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)|irregular array')
write(C + 'missing_then.fut', 'An if without then is a syntax error.', '''
entry main (x: i32) : i32 = if x > 0 x else 0
''', compile_error='[Ee]xpected "?then|[Uu]nexpected|[Pp]arse error')
write(C + 'duplicate_field.fut', 'A record literal may not define the same field twice.', '''
entry main (x: i32) : i32 = let r = {a = x, a = x} in r.a
''', compile_error='[Dd]uplicate field|more than once|defined twice')
write(C + 'wrong_arg_count.fut', 'Applying a non-function value (too many arguments) is a type error.', '''
def f (x: i32) : i32 = x + 1
entry main (x: i32) : i32 = f x x
''', compile_error='[Aa]pply|[Aa]pplied|not a function')
write('errors/compile/existential_composition.fut', 'Composing filter with length is rejected because of the existential size.', '''
entry main (xs: []i32) : i64 = (filter (> 0) >-> length) xs
''', compile_error='[Ee]xistential size would appear')
write(C + 'consuming_higher_order.fut', 'Passing a consuming function to a non-consuming higher-order parameter is rejected.', '''
def apply 'a 'b (f: a -> b) (x: a) : b = f x
def consume (xs: *[]i32) : []i32 = xs with [0] = 0
entry main (arr: *[]i32) : []i32 = apply consume arr
''', compile_error='[Nn]on-consuming higher-order parameter')
write(C + 'shadowed_out_of_scope.fut', 'A name bound inside a let ... in is not visible outside it.', '''
entry main (x: i32) : i32 = (let y = x + 1 in y) + y
''', compile_error='[Uu]nknown name|not in scope')
write(C + 'index_non_i64.fut', 'Array indices must be integers, not floats.', '''
entry main (xs: []i32) (f: f32) : i32 = xs[f]
''', compile_error='must be of type i64|[Cc]ouldn.t match|[Cc]annot unify')
write(C + 'return_type_mismatch.fut', 'The body must match the declared return type.', '''
entry main (x: i32) : bool = x + 1
''', compile_error='declared return type|[Cc]ouldn.t match|[Cc]annot unify|do not match')

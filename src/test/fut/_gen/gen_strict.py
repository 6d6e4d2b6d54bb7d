"""Generates programs the type checker must reject but ours accepts (known failures) and their valid twins."""
from common import *

K = 'known-failures/'
SZ = '[Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)|does not have (the )?expected type|declared return type'
write('types/map_to_partial_applications.fut', "map (+) xs would build an array of functions; the element type parameter of map is not lifted, so this is rejected.", '''
entry main (xs: []i32) : i32 = let fs = map (+) xs in length fs |> i32.i64
''', compile_error='[Ff]unctional|[Ff]unction type|lifted|[Hh]igher-order')
write('sizes/return_size_plus_one.fut', 'replicate (n + 1) has a size other than n, so it cannot be returned as [n]i32.', '''
entry main (n: i64) : [n]i32 = replicate (n + 1) 0
''', compile_error=SZ)
write('sizes/concat_self_size.fut', 'xs ++ xs does not have the size of xs, so it cannot be returned as [n]i32.', '''
def twice_len [n] (xs: [n]i32) : [n]i32 = xs ++ xs
entry main (xs: []i32) : []i32 = twice_len xs
''', compile_error=SZ)
write('sizes/return_size_coerced.fut', 'The valid twin of the rejected programs: the result of ++ coerced to a declared size.', '''
def doubled [n] (xs: [n]i32) (m: i64) : [m]i32 = xs ++ xs :> [m]i32
entry main [n] (xs: [n]i32) : []i32 = doubled xs (n + n)
''', [('[1i32, 2i32]', '[1i32, 2i32, 1i32, 2i32]')])
write('sizes/ambiguous_size.fut', 'A size parameter used only in the type of a function argument cannot be inferred ("Ambiguous size").', '''
def pick_size [n] (g: [n]i64 -> i64) : i64 = n
entry main (x: i64) : i64 = pick_size (\\xs -> xs[0]) + x
''', compile_error='[Aa]mbiguous size')
write('sizes/unknowable_size.fut', 'A returned function whose parameter size is computed inside the body can never be applied ("Unknowable size").', '''
def mk (b: bool) =
  let k = if b then 3 else 4
  in \\(v: [k]i32) -> i32.sum v
entry main (b: bool) : i32 = if b then 1 else 0
''', compile_error='[Uu]nknowable size')
write('errors/repeated_parameter_names.fut', 'Two parameters of one function may not have the same name.', '''
def f (x: i32) (x: i32) : i32 = x
entry main (a: i32) : i32 = f a a
''', compile_error='bound twice|[Dd]uplicate|also bound')
write('types/type_abbrev_size_param_dropped.fut', 'Every size parameter of a type abbreviation must be used in its definition.', '''
type vec [n] = []i32
entry main (x: i32) : i32 = x
''', compile_error='unused|not used|must be used')
write('types/type_abbrev_free_size.fut', 'A size in a type abbreviation must be a parameter or a name in scope.', '''
type vec = [n]i32
entry main (x: i32) : i32 = x
''', compile_error='[Uu]nknown|not in scope|[Uu]ndefined')

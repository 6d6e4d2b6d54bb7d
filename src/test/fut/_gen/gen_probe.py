"""Generates a third round of programs probing trickier combinations."""
from common import *

E = 'exprs/'
write(E + 'functions_in_tuples.fut', 'Functions can be bound in tuples by a let pattern and applied.', '''
entry main (x: i32) : i32 =
  let (f, g) = ((+ 1), (* 2))
  in f (g x)
''', [('5i32', '11i32')])
write(E + 'closure_captures_array.fut', 'A closure capturing an array is passed to map.', '''
entry main (xs: []i32) (is: []i64) : []i32 =
  let lookup = \\i -> xs[i] * 2
  in map lookup is
''', [('[10i32, 20i32, 30i32] [2i64, 0i64]', '[60i32, 20i32]')])
write(E + 'record_of_arrays.fut', 'Records holding arrays, updated with `with` and projected in map.', '''
entry main (xs: []i32) : ([]i32, i32) =
  let r = {data = xs, scale = 3}
  let r = r with scale = r.scale + 1
  in (map (* r.scale) r.data, length r.data |> i32.i64)
''', [('[1i32, 2i32]', '[4i32, 8i32] 2i32')])
write(E + 'map_returning_records.fut', 'map returning records, projected with (.field) sections.', '''
entry main (xs: []i32) : ([]i32, []bool) =
  let rs = map (\\x -> {v = x * x, big = x > 2}) xs
  in (map (.v) rs, map (.big) rs)
''', [('[1i32, 3i32]', '[1i32, 9i32] [false, true]')])
write(E + 'match_in_loop.fut', 'A state machine: match on a sum-typed loop parameter.', '''
type st = #even i32 | #odd i32
entry main (n: i32) : i32 =
  let s = loop (s: st) = #even 0 for i < n do
            match s
            case #even k -> #odd (k + i)
            case #odd k -> #even (k * 2)
  in match s case #even k -> k case #odd k -> -k
''', [('5i32', None)]) if False else None
def sm(n):
    s = ('e', 0)
    for i in range(n):
        s = ('o', s[1] + i) if s[0] == 'e' else ('e', s[1] * 2)
    return s[1] if s[0] == 'e' else -s[1]
write(E + 'match_in_loop.fut', 'A state machine: match on a sum-typed loop parameter.', '''
type st = #even i32 | #odd i32
entry main (n: i32) : i32 =
  let s = loop (s: st) = #even 0 for i < n do
            match s
            case #even k -> #odd (k + i)
            case #odd k -> #even (k * 2)
  in match s case #even k -> k case #odd k -> -k
''', [('5i32', f'{sm(5)}i32'), ('6i32', f'{sm(6)}i32')])
write(E + 'nested_if_match.fut', 'match nested inside if inside match.', '''
entry main (x: i32) (b: bool) : i32 =
  match x
  case 0 -> if b then (match x case 0 -> 10 case _ -> 20) else 30
  case _ -> if b then x else -x
''', [('0i32 true', '10i32'), ('0i32 false', '30i32'), ('4i32 false', '-4i32')])
write(E + 'string_equality.fut', 'Strings compare as byte arrays; different lengths need a size-agnostic check.', '''
def streq (a: []u8) (b: []u8) : bool = length a == length b && and (map2 (==) a (b :> [length a]u8))
entry main (s: []u8) : (bool, bool) = (streq s "abc", streq s "ab")
''', []) if False else None
write(E + 'string_compare.fut', 'Comparing a string argument with literals of the same and of other lengths.', '''
def streq [n][m] (a: [n]u8) (b: [m]u8) : bool = n == m && all id (map2 (==) a (b :> [n]u8))
entry main (s: []u8) : (bool, bool) = (streq s "abc", streq s "ab")
''', [(A(list(b'abc'), 'u8'), 'true false'), (A(list(b'xyz'), 'u8'), 'false false')])
write(E + 'operator_sections_all.fut', 'Sections of comparison, bitwise and shift operators.', '''
entry main (xs: []i32) : ([]bool, []i32, []i32, []i32) =
  (map (>= 2) xs, map (& 1) xs, map (1 <<) xs, map (>> 1) xs)
''', [('[1i32, 2i32, 3i32]', '[false, true, true] [1i32, 0i32, 1i32] [2i32, 4i32, 8i32] [0i32, 1i32, 1i32]')])
write(E + 'tuple_equality_nested.fut', 'Structural equality on nested tuples and records.', '''
entry main (a: i32) (b: i32) : (bool, bool) =
  (((a, (b, true)) == (a, (b, true))), ({x = a, y = (b, a)} == {x = a, y = (a, b)}))
''', [('1i32 2i32', 'true false'), ('3i32 3i32', 'true true')])
write(E + 'slice_update_2d.fut', 'Updating a rectangular sub-block of a matrix with `with`.', '''
entry main (m: *[][]i32) : [][]i32 = m with [0:2, 1:3] = [[7, 8], [9, 10]]
''', [('[[0i32, 0i32, 0i32], [0i32, 0i32, 0i32], [0i32, 0i32, 0i32]]', '[[0i32, 7i32, 8i32], [0i32, 9i32, 10i32], [0i32, 0i32, 0i32]]')])
write(E + 'index_with_unsigned.fut', 'Indices computed from other integer types via i64 conversions.', '''
entry main (xs: []i32) (i: u8) (j: i32) : (i32, i32) = (xs[i64.u8 i], xs[i64.i32 j])
''', [('[5i32, 6i32, 7i32] 2u8 1i32', '7i32 6i32')])

T = 'types/'
write(T + 'polymorphic_higher_order_sizes.fut', 'A polymorphic higher-order function preserving sizes, used at two element types.', '''
def map_twice [n] 'a (f: a -> a) (xs: [n]a) : [n]a = map f (map f xs)
entry main (xs: []i32) (ys: []f64) : ([]i32, []f64) = (map_twice (* 2) xs, map_twice f64.sqrt ys)
''', [('[1i32, 3i32] [16.0f64, 81.0f64]', '[4i32, 12i32] [2.0f64, 3.0f64]')])
write(T + 'type_param_records.fut', 'A parametric type abbreviation for a record, instantiated at two types.', '''
type pair 't = {fst: t, snd: t}
def swap 't (p: pair t) : pair t = {fst = p.snd, snd = p.fst}
entry main (a: i32) (b: f32) : (i32, f32) =
  let p = swap {fst = a, snd = a + 1}
  let q = swap {fst = b, snd = b * 2}
  in (p.fst, q.fst)
''', [('1i32 1.5f32', '2i32 3.0f32')])
write(T + 'sum_type_abbrev_param.fut', 'A parametric sum type (an option type) used at two element types.', '''
type option 'a = #none | #some a
def get_or 'a (d: a) (o: option a) : a = match o case #some x -> x case #none -> d
entry main (x: i32) (y: f64) : (i32, f64, i32) =
  (get_or 0 (#some x), get_or 1.5 (#none : option f64), get_or 7 (if x > 0 then #some x else #none))
''', [('3i32 2.0f64', '3i32 1.5f64 3i32'), ('-3i32 2.0f64', '-3i32 1.5f64 7i32')])

C = 'errors/compile/'
write(C + 'no_recursion.fut', 'Functions cannot call themselves: a definition is not in scope in its own body.', '''
def fact (n: i32) : i32 = if n == 0 then 1 else n * fact (n - 1)
entry main (n: i32) : i32 = fact n
''', compile_error='[Uu]nknown name|not in scope|[Rr]ecursi')
write(C + 'constructor_arity.fut', 'A constructor applied to the wrong number of payload values is a type error.', '''
type t = #p i32 i32
entry main (x: i32) : i32 = match (#p x : t) case #p a -> a
''', compile_error='[Cc]ouldn.t match|[Cc]annot unify|[Pp]attern .*match|do not match|payload')
write(C + 'assign_to_field_wrong_type.fut', 'A record update must keep the type of the field.', '''
entry main (x: i32) : i32 = let r = {a = x} in (r with a = true).a
''', compile_error='[Cc]ouldn.t match|[Cc]annot unify|do not match|must have type|bool')

KF = 'known-failures/prelude/arrays/'
write('prelude/arrays/and_or.fut', 'The prelude functions and/or reduce arrays of bools.', '''
entry main (xs: []bool) : (bool, bool) = (and xs, or xs)
''', [('[true, false]', 'false true'), ('[true, true]', 'true true'), ('empty([0]bool)', 'true false')])
write('prelude/arrays/null_sized.fut', 'The prelude functions null (is the array empty) and sized (a size coercion by value).', '''
entry main (xs: []i32) (n: i64) : (bool, []i32) = (null xs, sized n xs)
''', [('[1i32, 2i32] 2i64', 'false [1i32, 2i32]'), ('empty([0]i32) 0i64', 'true empty([0]i32)')])
write('prelude/soacs/reduce_by_index_2d.fut', 'reduce_by_index_2d combines values into a matrix at (row, column) indices.', '''
entry main [k] (rs: [k]i64) (cs: [k]i64) (vs: [k]i32) : [][]i32 =
  reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0 (zip rs cs) vs
''', [('[0i64, 1i64, 0i64, 5i64] [1i64, 0i64, 1i64, 0i64] [3i32, 4i32, 5i32, 6i32]', '[[0i32, 8i32], [4i32, 0i32]]')])

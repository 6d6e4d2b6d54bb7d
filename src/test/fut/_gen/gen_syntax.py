"""Generates syntax/*.fut: literal forms, comments, names and operators. Outputs worked out by hand
(or with the Python arithmetic shown)."""
from common import *

S = 'syntax/'
write(S + 'int_suffixes.fut', 'Every integer type suffix on decimal literals.', '''
entry main (x: i32) : (i8, i16, i32, i64, u8, u16, u32, u64) =
  (1i8, 2i16, 3i32 + x, 4i64, 5u8, 6u16, 7u32, 8u64)
''', [('10i32', '1i8 2i16 13i32 4i64 5u8 6u16 7u32 8u64')])
write(S + 'float_suffixes.fut', 'Float type suffixes and exponent notation.', '''
entry main (x: f64) : (f16, f32, f64, f64, f32) =
  (1.5f16, 2.25f32, 3.125f64 + x, 1337e2f64, 2.5e-1f32)
''', [('1.0f64', '1.5f16 2.25f32 4.125f64 133700.0f64 0.25f32')])
write(S + 'hex_ints.fut', 'Hexadecimal integer literals, upper and lower case, with suffixes and separators.', f'''
entry main (x: i32) : (i32, i32, u8, i64, u16) =
  (0xff + x, 0X1A, 0xffu8, 0xdead_beefi64, 0xA_Bu16)
''', [('1i32', f'256i32 26i32 255u8 {0xdeadbeef}i64 171u16')])
write(S + 'binary_ints.fut', 'Binary integer literals with separators and suffixes.', '''
entry main (x: i32) : (i32, i32, u8, i64) =
  (0b1010 + x, 0B111, 0b1111_0000u8, 0b1_0000_0000_0000i64)
''', [('0i32', '10i32 7i32 240u8 4096i64')])
write(S + 'underscores.fut', 'Underscores as digit separators in decimal and float literals.', '''
entry main (x: i64) : (i64, f64, i32) =
  (1_000_000 + x, 1_000.000_5, 12_34)
''', [('1i64', '1000001i64 1000.0005f64 1234i32')])
write(S + 'hex_floats.fut', 'Hexadecimal float literals with binary exponents.', f'''
entry main (x: f64) : (f64, f64, f32, f64) =
  (0x1.fp3 + x, 0x1.8p1, 0x10.0p-2f32, 0X1.0P+4)
''', [('0.0f64', f'{1.9375*8}f64 3.0f64 4.0f32 16.0f64')])
write(S + 'char_literals.fut', 'Character literals are integers of the code point.', '''
entry main (x: i32) : (i32, i32, u8, i32) =
  ('a' + x, 'Z' - 'A', 'x', ' ')
''', [('0i32', f"{ord('a')}i32 25i32 {ord('x')}u8 32i32")])
write(S + 'string_literal.fut', 'String literals are []u8 arrays of UTF-8 bytes (non-ASCII characters take two bytes).', '''
entry main (n: i64) : ([]u8, i64, []u8) =
  let s = "hello"
  in (s, length "æb" + n, "Ab" ++ "c")
''', [('0i64', f'{A(list(b"hello"), "u8")} 3i64 {A(list(b"Abc"), "u8")}')])
write(S + 'string_ops.fut', 'Strings can be mapped over and compared like any other array.', '''
def upper (c: u8) : u8 = if c >= 'a' && c <= 'z' then c - 32 else c
entry main (s: []u8) : ([]u8, bool) =
  (map upper s, s == "abc")
''', [(A(list(b"abc"), 'u8'), f'{A(list(b"ABC"), "u8")} true'),
      (A(list(b"aXc"), 'u8'), f'{A(list(b"AXC"), "u8")} false')])
write(S + 'comments.fut', 'Line comments and documentation comments anywhere between tokens.', '''
def one = 1 -- the test block ends at the first line that is not a comment

-- | A documented function.
-- It spans two lines.
def f (x: i32) = -- trailing comment
  x -- after a name
  + 1 -- after a literal
-- a comment before the entry point
entry main (x: i32) : i32 = f (f x) + one - one -- end
''', [('1i32', '3i32')])
write(S + 'primes_in_names.fut', "Names may contain primes and underscores, including a leading underscore.", '''
entry main (x: i32) : i32 =
  let x' = x + 1
  let x'' = x' * 2
  let _y = x'' - 1
  let a_b'c = _y + x
  in a_b'c
''', [('3i32', '10i32')])
write(S + 'qualified_names.fut', 'Qualified names refer into modules, including nested modules and prelude modules.', '''
module outer = {
  module inner = {
    def k : i32 = 7
    def add (a: i32) (b: i32) = a + b
  }
  def twice (x: i32) = inner.add x x
}
entry main (x: i32) : (i32, i32, i32) =
  (outer.inner.k, outer.twice x, i32.max x outer.inner.k)
''', [('5i32', '7i32 10i32 7i32')])
write(S + 'local_open.fut', 'm.(e) opens a module locally for one expression.', '''
module m = { def a : i32 = 3 def b : i32 = 4 }
entry main (x: i32) : (i32, f64) = (m.(a * b + x), f64.(sqrt 16 + pi - pi))
''', [('1i32', '13i32 4.0f64')])
write(S + 'user_operators.fut', 'User-defined operators take their fixity from their leading characters.', '''
def (+^) (a: i32) (b: i32) = a + b
def (*^) (a: i32) (b: i32) = a * b
def (<=>) (a: i32) (b: i32) : bool = a == b
entry main (x: i32) : (i32, i32, bool) =
  (x +^ 3 *^ 4, x *^ 3 +^ 4, x +^ 1 <=> 1 +^ x)
''', [('2i32', '14i32 10i32 true')])
write(S + 'operator_sections_user.fut', 'User-defined operators can be used in sections and passed as functions.', '''
def (|+|) (a: i32) (b: i32) = i32.abs a + i32.abs b
entry main (xs: []i32) : ([]i32, []i32, i32) =
  (map (|+| 1) xs, map (10 |+|) xs, reduce (|+|) 0 xs)
''', [('[-1i32, 2i32, -3i32]', '[2i32, 3i32, 4i32] [11i32, 12i32, 13i32] 6i32')])
write(S + 'backtick_infix.fut', 'Backtick turns a named function into a left-associative infix operator.', '''
def minus (a: i32) (b: i32) = a - b
entry main (x: i32) : (i32, i32, i32) =
  (x `minus` 3, 10 `minus` 3 `minus` 2, 7 `i32.max` x)
''', [('5i32', '2i32 5i32 7i32')])
write(S + 'precedence.fut', 'Precedence of the built-in operators: bitwise binds tighter than comparison, shifts tighter than bitwise, arithmetic tighter than shifts.', '''
entry main (x: i32) : (bool, i32, i32, i32, bool) =
  (x & 1 == 0, 1 | 2 << 1, 1 + 1 << 2, 2 + 3 * 4 - 6 / 2, x > 2 || x < 0 && false)
''', [('4i32', 'true 5i32 8i32 11i32 true')])
write(S + 'negation.fut', 'Unary minus and logical/bitwise not.', '''
entry main (x: i32) (b: bool) : (i32, i32, bool, i32, u8) =
  (-x, - (x - 10), !b, !x, !0u8)
''', [('3i32 true', '-3i32 7i32 false -4i32 255u8')])
write(S + 'tuple_projection.fut', 'Tuples are records with numeric fields: t.0, t.1 and nested access.', '''
entry main (x: i32) : (i32, f64, i32) =
  let t = (x, (2.5, x * 2))
  in (t.0, t.1.0, t.1.1)
''', [('4i32', '4i32 2.5f64 8i32')])
write(S + 'numeric_record_fields.fut', 'A record with numeric field names is a tuple.', '''
entry main (x: i32) : (i32, bool) =
  let r: (i32, bool) = {0 = x + 1, 1 = true}
  in (r.0, r.1)
''', [('1i32', '2i32 true')])
write(S + 'unit_value.fut', 'The empty tuple () is a value and a type.', '''
def f () : i32 = 42
def g (x: i32) : () = ()
entry main (x: i32) : i32 = let () = g x in f () + x
''', [('1i32', '43i32')])
write(S + 'lambda_forms.fut', 'Lambdas with several parameters, tuple patterns and return type annotations.', '''
entry main (xs: []i32) : ([]i32, []i32) =
  (map (\\x : i32 -> x * x) xs, map2 (\\a (b, c) -> a + b * c) xs (zip xs xs))
''', [('[1i32, 2i32, 3i32]', '[1i32, 4i32, 9i32] [2i32, 6i32, 12i32]')])
write(S + 'operator_as_function.fut', 'Built-in operators in parentheses are ordinary functions.', '''
entry main (a: i32) (b: i32) : (i32, bool, i32) =
  ((+) a b, (<) a b, (**) a 2)
''', [('3i32 5i32', '8i32 true 9i32')])
write(S + 'attributes.fut', 'Attributes on expressions and declarations do not change the meaning.', '''
#[inline]
def f (x: i32) = x * 3
entry main (xs: []i32) : []i32 =
  #[sequential] map (\\x -> #[unsafe] f x) xs
''', [('[1i32, 2i32]', '[3i32, 6i32]')])
write(S + 'if_then_else_chain.fut', 'Nested if expressions in every position.', '''
entry main (x: i32) : i32 =
  (if x < 0 then -1 else if x == 0 then 0 else 1) + (if x > 5 then 100 else 0)
''', [('-3i32', '-1i32'), ('0i32', '0i32'), ('9i32', '101i32')])
write(S + 'let_without_in.fut', 'Consecutive let bindings without in, shadowing earlier names.', '''
entry main (x: i32) : i32 =
  let y = x + 1
  let y = y * 2
  let x = y - x
  in x + y
''', [('3i32', '13i32')])
write(S + 'def_constants.fut', 'Top-level constant definitions, typed and untyped.', '''
def k = 10
def m : i64 = 3
def v : []f32 = [1, 2, 3]
entry main (x: i32) : (i32, i64, f32) = (k + x, m, f32.sum v)
''', [('1i32', '11i32 3i64 6.0f32')])
write(S + 'type_ascription_literals.fut', 'Type ascriptions give unsuffixed literals their type.', '''
entry main (x: u8) : (u8, i16, f32, [3]i64) =
  (x + (200 : u8), (-5 : i16), (0.5 : f32), [1, 2, 3] : [3]i64)
''', [('100u8', '44u8 -5i16 0.5f32 [1i64, 2i64, 3i64]')])
raw(S + 'multiple_entries.fut', """-- A program with several entry points, each tested separately.
-- ==
-- entry: double
-- input { 4i32 } output { 8i32 }
-- ==
-- entry: negate
-- input { 4i32 } output { -4i32 }
entry double (x: i32) : i32 = x * 2
entry negate (x: i32) : i32 = -x
""")

"""Generates a second round of syntax programs."""
from common import *

S = 'syntax/'
write(S + 'operator_fixity_bitwise.fut', 'A user operator starting with | has bitwise-or precedence (below +, *), one starting with < has comparison precedence.', '''
def (|+) (a: i32) (b: i32) : i32 = a * 10 + b
def (<&>) (a: i32) (b: i32) : i32 = a - b
entry main (x: i32) : (i32, i32, i32) = (x |+ 3 * 2, 1 + x <&> 3, x |+ 1 |+ 2)
''', [('2i32', f'{2*10+6}i32 {(1+2)-3}i32 {(2*10+1)*10+2}i32')])
write(S + 'paren_negation.fut', '(-x) is negation, not a section; (x -) is a section.', '''
entry main (x: i32) : (i32, []i32) = ((-x), map (x -) [1, 2])
''', [('5i32', '-5i32 [4i32, 3i32]')])
write(S + 'field_of_call.fut', 'Projecting fields from the result of a parenthesised call.', '''
def mk (x: i32) = {a = x, b = (x, x * 2)}
entry main (x: i32) : (i32, i32) = ((mk x).a, (mk x).b.1)
''', [('4i32', '4i32 8i32')])
write(S + 'lambda_typed_params.fut', 'Lambdas with several typed parameters and a return type annotation.', '''
entry main (xs: []i32) : []f64 = map2 (\\(x: i32) (y: f64) : f64 -> f64.i32 x * y) xs (map f64.i32 xs)
''', [('[2i32, 3i32]', '[4.0f64, 9.0f64]')])
write(S + 'names_with_digits.fut', 'Identifiers with digits, primes and underscores in any position after the first.', '''
entry main (x1: i32) : i32 =
  let x2' = x1 * 2
  let _3x = x2' + 1
  let a_1_b'' = _3x * x1
  in a_1_b''
''', [('3i32', f'{(3*2+1)*3}i32')])
write(S + 'multiline_layout.fut', 'Free layout: expressions broken over lines and indented arbitrarily.', '''
entry main
  (x: i32)
  (y: i32)
  : i32
  =
  let z =
        x
      + y
  in
  z
    *
      2
''', [('1i32 2i32', '6i32')])
write(S + 'scientific_floats.fut', 'Exponent notation: upper-case E, signed exponents, exponents without a fraction.', '''
entry main (x: f64) : (f64, f64, f32, f64) = (1E3 + x, 2.5e+2, 5e-1f32, 12_5e-2)
''', [('0.0f64', '1000.0f64 250.0f64 0.5f32 1.25f64')])
write(S + 'char_escapes_in_match.fut', 'Character literals for punctuation and digits used as match patterns.', '''
def kind (c: u8) : i32 = match c case '0' -> 0 case '+' -> 1 case '(' -> 2 case _ -> 3
entry main (s: []u8) : []i32 = map kind s
''', [(A(list(b'0+(x'), 'u8'), '[0i32, 1i32, 2i32, 3i32]')])

"""Generates lexer-level programs: -- inside strings and chars, operators containing dots, unicode in comments."""
from common import *

S = 'syntax/'
write(S + 'dashes_in_strings.fut', 'Two dashes inside a string or after a char literal do not start a comment.', '''
entry main (x: i32) : ([]u8, i32) = ("a--b", '-' + x) -- this one is a comment
''', [('0i32', f'{A(list(b"a--b"), "u8")} {ord("-")}i32')])
write(S + 'operators_with_dots.fut', 'User-defined operators may contain dots after the first character (+. and *., the latter with multiplication precedence).', '''
def (+.) (a: f32) (b: f32) : f32 = a + b + 0.5
def (*..) (a: i32) (b: i32) : i32 = a * b * 2
entry main (x: f32) (y: i32) : (f32, i32) = (x +. x, y *.. 3 +. 0 |> i32.f32)
''', []) if False else None
write(S + 'operators_with_dots.fut', 'User-defined operators may contain dots after the first character (+. and *., the latter with multiplication precedence).', '''
def (+.) (a: f32) (b: f32) : f32 = a + b + 0.5
def (*.) (a: i32) (b: i32) : i32 = a * b * 2
entry main (x: f32) (y: i32) : (f32, i32) = (x +. x, 1 + y *. 3)
''', [('1.0f32 4i32', '2.5f32 25i32')])
write(S + 'unicode_comments.fut', 'Comments may contain any Unicode characters; strings encode them as UTF-8.', '''
def k : i64 = 0

-- Ünïcödé ∀x. λ → ☃
entry main (n: i64) : (i64, []u8) = (length "λ→" + n + k, "é") -- ∑
''', [('0i64', f'{len("λ→".encode())}i64 {A(list("é".encode()), "u8")}')])

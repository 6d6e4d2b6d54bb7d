"""Generates higher-order programs exercising defunctionalisation: closures over closures, functions in records."""
from common import *

T = 'types/'
write(T + 'closure_of_closure.fut', 'Closures capturing other closures, composed three levels deep, applied inside map.', '''
def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \\x -> f (g x)
entry main (k: i32) (xs: []i32) : []i32 =
  let add_k = \\x -> x + k
  let h = compose add_k (compose (* k) add_k)
  in map h xs
''', [('3i32 [1i32, 2i32]', f'{A([((x+3)*3)+3 for x in [1,2]],"i32")}')])
write(T + 'closure_array_in_loop.fut', 'A closure capturing an array, called inside a loop inside map.', '''
entry main (ws: []i32) (xs: []i32) : []i32 =
  let weight = \\i -> ws[i % length ws]
  in map (\\x -> loop acc = 0 for i < 5 do acc + x * weight (i64.i32 i)) xs
''', [('[1i32, 10i32] [1i32, 2i32]', f'{A([sum(x*[1,10][i%2] for i in range(5)) for x in [1,2]],"i32")}')])
write(T + 'function_in_record_arg.fut', 'A record holding functions passed to a higher-order function.', '''
type^ ops = {f: i32 -> i32, g: i32 -> i32}
def run (o: ops) (x: i32) : i32 = o.f (o.g x)
entry main (x: i32) : (i32, i32) = (run {f = (+ 1), g = (* 2)} x, run {f = i32.abs, g = (\\y -> y - 10)} x)
''', [('3i32', '7i32 7i32')])
write(T + 'higher_order_sum.fut', 'A higher-order function applied to values of a sum type.', '''
type shape = #sq f64 | #circ f64
def measure (f: f64 -> f64) (s: shape) : f64 = match s case #sq a -> f (a * a) case #circ r -> f (3.0 * r * r)
entry main (xs: []f64) : []f64 = map (measure f64.sqrt) (map (\\x -> if x > 1 then #sq x else #circ x) xs)
''', [('[2.0f64, 1.0f64]', f'[2.0f64, {3.0**0.5}f64]')])
write(T + 'nested_sum_record.fut', 'A sum type nested in a record nested in a sum type, matched with nested patterns.', '''
type inner = #a i32 | #b
type outer = #wrap {tag: inner, n: i32} | #empty
def f (o: outer) : i32 =
  match o
  case #wrap {tag = #a v, n} -> v * n
  case #wrap {tag = #b, n} -> -n
  case #empty -> 0
entry main (x: i32) : []i32 = map f [#wrap {tag = #a x, n = 3}, #wrap {tag = #b, n = x}, #empty]
''', [('4i32', '[12i32, -4i32, 0i32]')])
write(T + 'partial_application_hof.fut', 'Partially applied higher-order prelude functions bound with let and used once per size.', '''
entry main (xs: []i32) (ys: []i32) : ([]i32, []i32) =
  let inc (v: []i32) = map (+ 1) v
  in (inc xs, inc ys)
''', [('[1i32] [5i32, 6i32]', '[2i32] [6i32, 7i32]')])

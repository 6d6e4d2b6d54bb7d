"""Generates run-time errors raised inside parallel operators on large inputs (error propagation out of
OpenMP regions)."""
from common import *

R = 'errors/runtime/'
write(R + 'error_in_large_map.fut', 'An out-of-bounds index in one element of a 100000-element map is reported.', '''
entry main (n: i64) (bad: i64) : i64 =
  let xs = iota 10
  in i64.sum (map (\\i -> if i == bad then xs[10] else xs[i % 10]) (iota n))
''', [('100000i64 -1i64', f'{sum(i % 10 for i in range(100000))}i64'), ('100000i64 77777i64', ('error', 'out of bounds'))])
write(R + 'error_in_reduce_operator.fut', 'Division by zero inside a reduce operator over a large array is reported.', '''
entry main (n: i64) (z: i64) : i64 =
  reduce (\\a b -> (a + b) / (if a == 5000 then z else 1)) 0 (map (const 1) (iota n))
''', [('100000i64 0i64', ('error', '[Dd]ivision by zero'))])
write(R + 'error_in_scan_operator.fut', 'A failed assertion inside a scan operator over a large array is reported.', '''
entry main (n: i64) (limit: i64) : i64 =
  let s = scan (\\a b -> assert (a + b <= limit) (a + b)) 0 (map (const 1) (iota n))
  in s[n - 1]
''', [('100000i64 1000000i64', '100000i64'), ('100000i64 50000i64', ('error', 'Assertion is false'))])
write(R + 'error_in_loop_in_map.fut', 'An error raised in a sequential loop nested in a parallel map is reported.', '''
entry main (n: i64) (k: i64) : i64 =
  i64.sum (map (\\i -> loop acc = 0 for j < 10 do acc + 100 / (i + j - k)) (iota n))
''', [('50000i64 -100i64', None), ('50000i64 20000i64', ('error', '[Dd]ivision by zero'))]) if False else None
write(R + 'error_in_loop_in_map.fut', 'An error raised in a sequential loop nested in a parallel map is reported.', '''
entry main (n: i64) (k: i64) : i64 =
  i64.sum (map (\\i -> loop acc = 0 for j < 10 do acc + 100 / (if i + j == k then 0 else 1)) (iota n))
''', [('50000i64 -1i64', f'{50000 * 10 * 100}i64'), ('50000i64 20000i64', ('error', '[Dd]ivision by zero'))])

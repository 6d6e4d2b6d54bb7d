-- Identifiers with digits, primes and underscores in any position after the first.
-- ==
-- input { 3i32 }
-- output { 21i32 }
entry main (x1: i32) : i32 =
  let x2' = x1 * 2
  let x_3x = x2' + 1
  let a_1_b'' = x_3x * x1
  in a_1_b''

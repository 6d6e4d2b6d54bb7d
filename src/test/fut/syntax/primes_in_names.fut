-- Names may contain primes and underscores, including a leading underscore.
-- ==
-- input { 3i32 }
-- output { 10i32 }
entry main (x: i32) : i32 =
  let x' = x + 1
  let x'' = x' * 2
  let y_ = x'' - 1
  let a_b'c = y_ + x
  in a_b'c

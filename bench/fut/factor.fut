-- The seed's batch factorisation: a map of a data-dependent trial-division loop with an
-- in-place update, over 2^16 numbers. Each input is mapped to 2 + (v & 4095) first, so arbitrary
-- (random) i64 inputs give a bounded amount of work: at most 4096 divisions per number.
-- ==
-- entry: factor
-- input { [10i64, 98i64, -1i64, 0i64] }
-- output { [[2i64, 2i64, 3i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64],
--           [2i64, 2i64, 5i64, 5i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64],
--           [17i64, 241i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64],
--           [2i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64]] }
-- random input { [65536]i64 }

def factorize (n: i64) : [32]i64 =
  let (_, _, factors, _) =
    loop (x, i, acc, c) = (n, 2i64, replicate 32 0i64, 0i64)
    while x > 1 && c < 32 do
      if x % i == 0
        then (x / i, i, acc with [c] = i, c + 1)
        else (x, i + 1, acc, c)
  in factors

entry factor (ns: []i64) : [][32]i64 =
  map (\v -> factorize (2 + (v & 4095))) ns

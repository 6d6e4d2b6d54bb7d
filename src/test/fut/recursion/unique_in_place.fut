-- A unique parameter: the caller hands the array over, and the recursive function updates it in
-- place, so each update costs O(1). (Copying the array at each update would make the large case
-- quadratic: some 10^11 element copies.)
-- ==
-- input { 10i64 } output { 90i64 [0i64, 2i64, 4i64, 6i64, 8i64] }
-- input { 0i64 } output { 0i64 empty([0]i64) }
-- random input { 300000i64 } output { 89999700000i64 [0i64, 2i64, 4i64, 6i64, 8i64] }

-- Writes 2 * i at each index of [lo, hi), halving the range at each call.
def fill [n] (lo: i64) (hi: i64) (xs: *[n]i64) : *[n]i64 =
  if hi - lo == 0 then xs
  else if hi - lo == 1 then xs with [lo] = lo * 2
  else let mid = lo + (hi - lo) / 2
       in fill mid hi (fill lo mid xs)

entry main (n: i64) : (i64, []i64) =
  let xs = fill 0 n (replicate n 0)
  in (reduce (+) 0 xs, xs[:i64.min n 5])

-- A while loop searching an array with an index and a found flag; binary search on a sorted array.
-- ==
-- input { [2i32, 5i32, 8i32, 13i32, 21i32] 13i32 } output { 3i64 3i64 }
-- input { [2i32, 5i32, 8i32] 4i32 } output { -1i64 1i64 }
entry main [n] (xs: [n]i32) (x: i32) : (i64, i64) =
  let (i, found) = loop (i, found) = (0, false) while !found && i < n do
                     if xs[i] == x then (i, true) else (i + 1, false)
  let (lo, _) = loop (lo, hi) = (0i64, n) while lo < hi do
                  let mid = (lo + hi) / 2
                  in if xs[mid] < x then (mid + 1, hi) else (lo, mid)
  in (if found then i else -1, lo)

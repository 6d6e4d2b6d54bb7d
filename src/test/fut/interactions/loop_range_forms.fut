-- for-in loops over ascending, descending and stepped ranges.
-- ==
-- input { 5i64 } output { 10i64 [4i64, 3i64, 2i64, 1i64] 6i64 [0i64, 2i64, 4i64] }
entry main (n: i64) : (i64, []i64, i64, []i64) =
  let a = loop acc = 0 for i in 1..<n do acc + i
  let b = loop acc = [] for i in (n - 1)..>0 do acc ++ [i]
  let c = loop acc = 0 for i in 0..2..<n do acc + i
  in (a, b, c, 0..2...n)

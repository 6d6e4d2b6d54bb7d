-- Stream compaction by prefix sum of flags and scatter (also on 100000 generated elements).
-- ==
-- entry: main
-- input { [5i32, -2i32, 17i32, 11i32, 3i32, 40i32, -8i32, 12i32, 10i32, 25i32] 10i32 }
-- output { [17i32, 11i32, 40i32, 12i32, 25i32] 5i64 }
-- input { [5i32, -2i32, 17i32, 11i32, 3i32, 40i32, -8i32, 12i32, 10i32, 25i32] 100i32 }
-- output { empty([0]i32) 0i64 }

-- ==
-- entry: big
-- input { 100000i64 }
-- output { 39603i64 1207902i64 24i32 44i32 }
def compact [n] (p: i32 -> bool) (xs: [n]i32) : []i32 =
  let flags = map (\x -> if p x then 1i64 else 0) xs
  let offs = scan (+) 0 flags
  let m = if n == 0 then 0 else offs[n - 1]
  let idx = map2 (\f o -> if f == 1 then o - 1 else -1) flags offs
  in scatter (replicate m 0) idx xs

entry main [n] (xs: [n]i32) (t: i32) : ([]i32, i64) =
  let r = compact (> t) xs
  in (r, length r)

entry big (n: i64) : (i64, i64, i32, i32) =
  let xs = map (\i -> i32.i64 ((i * 37) % 101) - 50) (iota n)
  let r = compact (> 10) xs
  let m = length r
  in (m, i64.sum (map i64.i32 r), r[0], r[m - 1])

-- Single-source shortest paths (Bellman-Ford) on an edge list: each round a reduce_by_index with i32.min over the relaxed edges.
-- ==
-- input { 6i64 [0i64, 0i64, 2i64, 1i64, 2i64, 3i64, 4i64, 5i64] [1i64, 2i64, 1i64, 3i64, 3i64, 4i64, 1i64, 0i64] [4i32, 1i32, 2i32, 1i32, 5i32, 3i32, -2i32, 1i32] 0i64 }
-- output { [0i32, 3i32, 1i32, 4i32, 7i32, 1000000000i32] }
-- input { 6i64 [0i64, 0i64, 2i64, 1i64, 2i64, 3i64, 4i64, 5i64] [1i64, 2i64, 1i64, 3i64, 3i64, 4i64, 1i64, 0i64] [4i32, 1i32, 2i32, 1i32, 5i32, 3i32, -2i32, 1i32] 5i64 }
-- output { [1i32, 4i32, 2i32, 5i32, 8i32, 0i32] }
-- input { 6i64 [0i64, 0i64, 2i64, 1i64, 2i64, 3i64, 4i64, 5i64] [1i64, 2i64, 1i64, 3i64, 3i64, 4i64, 1i64, 0i64] [4i32, 1i32, 2i32, 1i32, 5i32, 3i32, -2i32, 1i32] 4i64 }
-- output { [1000000000i32, -2i32, 1000000000i32, -1i32, 0i32, 1000000000i32] }
def inf : i32 = 1000000000

entry main [e] (n: i64) (us: [e]i64) (vs: [e]i64) (ws: [e]i32) (src: i64) : [n]i32 =
  let d0 = tabulate n (\i -> if i == src then 0 else inf)
  in loop d = d0 for _r < n - 1 do
       let cand = map2 (\u w -> if d[u] < inf then d[u] + w else inf) us ws
       in reduce_by_index (copy d) i32.min inf vs cand

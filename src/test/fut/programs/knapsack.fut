-- 0/1 knapsack by dynamic programming: a loop over items around a map over capacities.
-- ==
-- input { [12i64, 2i64, 1i64, 1i64, 4i64, 7i64, 3i64] [4i32, 2i32, 1i32, 2i32, 10i32, 9i32, 5i32] 0i64 }
-- output { 0i32 }
-- input { [12i64, 2i64, 1i64, 1i64, 4i64, 7i64, 3i64] [4i32, 2i32, 1i32, 2i32, 10i32, 9i32, 5i32] 5i64 }
-- output { 12i32 }
-- input { [12i64, 2i64, 1i64, 1i64, 4i64, 7i64, 3i64] [4i32, 2i32, 1i32, 2i32, 10i32, 9i32, 5i32] 15i64 }
-- output { 26i32 }
-- input { [12i64, 2i64, 1i64, 1i64, 4i64, 7i64, 3i64] [4i32, 2i32, 1i32, 2i32, 10i32, 9i32, 5i32] 40i64 }
-- output { 33i32 }
entry main [n] (ws: [n]i64) (vs: [n]i32) (cap: i64) : i32 =
  let dp = loop dp = replicate (cap + 1) 0i32 for i < n do
             map (\c -> if c >= ws[i] then i32.max dp[c] (dp[c - ws[i]] + vs[i]) else dp[c]) (iota (cap + 1))
  in dp[cap]

-- Levenshtein distance and longest common subsequence of two u8 strings: two rows through a loop, the current one filled by an inner loop with in-place updates.
-- ==
-- input { [107u8, 105u8, 116u8, 116u8, 101u8, 110u8, 32u8, 115u8, 105u8, 116u8, 116u8, 105u8, 110u8, 103u8] [115u8, 105u8, 116u8, 116u8, 105u8, 110u8, 103u8, 32u8, 107u8, 105u8, 116u8, 116u8, 101u8, 110u8, 33u8] }
-- output { 6i32 9i32 }
-- input { [97u8, 98u8, 99u8] empty([0]u8) }
-- output { 3i32 0i32 }
entry main [n][m] (a: [n]u8) (b: [m]u8) : (i32, i32) =
  let prev0 = tabulate (m + 1) i32.i64
  let dist = loop prev = prev0 for i < n do
               loop cur = replicate (m + 1) (i32.i64 (i + 1)) for j < m do
                 let sub = prev[j] + (if a[i] == b[j] then 0 else 1)
                 in cur with [j + 1] = i32.min sub (i32.min (prev[j + 1] + 1) (cur[j] + 1))
  let (lcs, _) = loop (prev, cur) = (replicate (m + 1) 0i32, replicate (m + 1) 0i32) for i < n do
                   let cur = loop cur for j < m do
                               cur with [j + 1] = if a[i] == b[j] then prev[j] + 1 else i32.max prev[j + 1] cur[j]
                   in (cur, prev)
  in (dist[m], lcs[m])

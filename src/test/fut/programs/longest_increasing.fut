-- Longest increasing subsequence, O(n^2) DP with an inner loop and an in-place update per element.
-- ==
-- input { [10i32, 9i32, 2i32, 5i32, 3i32, 7i32, 101i32, 18i32, 4i32, 8i32, 6i32, 12i32, 15i32, 1i32] }
-- output { 6i32 }
-- input { empty([0]i32) }
-- output { 0i32 }
-- input { [20i32, 19i32, 18i32, 17i32, 16i32, 15i32, 14i32, 13i32, 12i32, 11i32, 10i32, 9i32, 8i32, 7i32, 6i32, 5i32, 4i32, 3i32, 2i32, 1i32] }
-- output { 1i32 }
entry main [n] (xs: [n]i32) : i32 =
  let dp = loop dp = replicate n 1i32 for i < n do
             let best = loop best = 1 for j < i do
                          if xs[j] < xs[i] then i32.max best (dp[j] + 1) else best
             in dp with [i] = best
  in if n == 0 then 0 else i32.maximum dp

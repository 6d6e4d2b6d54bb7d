-- Small arrays made again and again in loops and parallel operators, some of them still in use
-- when the next is made (carried by a loop, kept as an accumulator, returned as rows), of sizes
-- that grow and shrink: the code that gives an allocation site its last block back must never
-- hand out one that is still referenced, nor one too small.

-- The array made in the previous iteration is still alive (as `cur`) when the next is made.
-- ==
-- entry: carried
-- input { 5i64 3i64 } output { [22i64, 22i64, 22i64] }
-- input { 0i64 2i64 } output { [1i64, 1i64] }
entry carried (n: i64) (k: i64) : [k]i64 =
  let (_, cur) =
    loop (prev, cur) = (replicate k 0, replicate k 1) for i < n do
      let nxt = map2 (\a b -> a + b + i) prev cur
      in (cur, nxt)
  in cur

-- One fresh array per element, kept as the reduction's accumulator or dropped.
-- ==
-- entry: buckets
-- input { 10i64 } output { [8i64, 10i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64] }
-- input { 100000i64 } output { [624950000i64, 624962500i64, 624975000i64, 624987500i64, 625000000i64, 625012500i64, 625025000i64, 625037500i64] }
entry buckets (n: i64) : [8]i64 =
  reduce (map2 (+)) (replicate 8 0)
         (map (\i -> let a = replicate 8 0
                     let a[i % 8] = i
                     in a) (iota n))

-- Rows made by an in-place loop over a fresh array, returned as the rows of the result.
-- ==
-- entry: rows
-- input { 3i64 } output { [[0f32, 0f32, 0f32], [1f32, 2f32, 3f32], [2f32, 4f32, 6f32]] }
entry rows (n: i64) : [n][3]f32 =
  map (\i -> let a = replicate 3 (f32.i64 i)
             in loop a for j < 3 do a with [j] = a[j] * f32.i64 (j + 1))
      (iota n)

-- ==
-- entry: rows_sum
-- input { 100000i64 } output { 14999850000i64 }
entry rows_sum (n: i64) : i64 = i64.sum (map (\r -> i64.f32 r[2]) (rows n))

-- Sizes that grow and shrink from one iteration to the next.
-- ==
-- entry: growing
-- input { 6i64 } output { 15i64 }
-- input { 3000i64 } output { 4498500i64 }
entry growing (n: i64) : i64 =
  loop s = 0 for i < n do
    let m = if i % 2 == 0 then i else n - i
    let a = scan (+) 0 (replicate m 1)
    in s + (if m > 0 then a[m - 1] else 0)

-- Each element's array is updated in place after a copy of it was kept.
-- ==
-- entry: kept
-- input { 4i64 } output { [[0i64, 0i64, 0i64, 1i64], [1i64, 1i64, 1i64, 2i64], [2i64, 2i64, 2i64, 3i64], [3i64, 3i64, 3i64, 4i64]] }
entry kept (n: i64) : [n][4]i64 =
  map (\i -> let a = replicate 3 i
             let b = copy a
             let a[0] = i + 1
             in b ++ [a[0]] :> [4]i64)
      (iota n)

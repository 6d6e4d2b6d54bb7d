-- Run-length encoding and decoding: run starts by filter over indices, lengths from the next start; decoding by scatter of run marks, scan and gather.
-- ==
-- entry: encode
-- input { [3i32, 3i32, 3i32, 1i32, 1i32, 7i32, 3i32, 3i32, 9i32, 9i32, 9i32, 9i32, 0i32] }
-- output { [3i32, 1i32, 7i32, 3i32, 9i32, 0i32] [3i64, 2i64, 1i64, 2i64, 4i64, 1i64] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i64) }

-- ==
-- entry: decode
-- input { [3i32, 1i32, 7i32, 3i32, 9i32, 0i32] [3i64, 2i64, 1i64, 2i64, 4i64, 1i64] }
-- output { [3i32, 3i32, 3i32, 1i32, 1i32, 7i32, 3i32, 3i32, 9i32, 9i32, 9i32, 9i32, 0i32] }
entry encode [n] (xs: [n]i32) : ([]i32, []i64) =
  let starts = filter (\i -> i == 0 || xs[i] != xs[i - 1]) (iota n)
  let m = length starts
  let vals = map (\i -> xs[i]) starts
  let lens = map (\k -> (if k == m - 1 then n else starts[k + 1]) - starts[k]) (iota m)
  in (vals, lens)

entry decode [m] (vals: [m]i32) (lens: [m]i64) : []i32 =
  let offs = scan (+) 0 lens
  let total = if m == 0 then 0 else offs[m - 1]
  let starts = map2 (-) offs lens
  let marks = scatter (replicate total 0i64) starts (map (const 1) starts)
  let run = scan (+) 0 marks |> map (\r -> r - 1)
  in map (\r -> vals[r]) run

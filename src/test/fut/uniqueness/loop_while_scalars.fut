-- A while loop whose parameters are an array it updates and two counters,
-- with the new values bound by a let.
-- ==
-- input { 4i64 } output { [0i32, 2i32, 4i32, 6i32] }
entry main (n: i64) : []i32 =
  let (a, _, _) =
    loop (a, i, k) = (replicate n 0i32, 0i64, 0i32) while i < n do
      let next = (a with [i] = k, i + 1, k + 2)
      in next
  in a

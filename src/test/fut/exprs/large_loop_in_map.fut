-- A sequential loop inside a parallel map over 20000 elements.
-- ==
-- input { 20000i64 }
-- output { 78496040000i64 23518824i64 }
entry main (n: i64) : (i64, i64) =
  let r = map (\i -> loop acc = 0 for j < i % 50 do acc + j * i) (iota n)
  in (i64.sum r, r[n - 1])

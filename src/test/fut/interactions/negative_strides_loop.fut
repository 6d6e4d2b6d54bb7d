-- Slices with negative strides, also applied repeatedly in a loop.
-- ==
-- input { 7i64 }
-- output { [6i64, 5i64, 4i64, 3i64, 2i64, 1i64, 0i64] [6i64, 4i64, 2i64, 0i64] [6i64, 3i64, 0i64] [9i64, 8i64, 7i64, 6i64, 5i64, 4i64, 3i64] }
entry main (n: i64) : ([]i64, []i64, []i64, []i64) =
  let xs = iota n
  let ys = loop ys = xs for _i < 3 do map (+ 1) ys[::-1]
  in (xs[::-1], xs[n - 1::-2], xs[::-3], ys)

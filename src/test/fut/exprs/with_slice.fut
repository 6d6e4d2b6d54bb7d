-- `with` on a slice replaces a contiguous or strided range.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [7i32, 80i32, 3i32, 40i32, 5i32] }
entry main (xs: *[]i32) : []i32 =
  let xs = xs with [0:2] = [7, 8]
  in xs with [1::2] = map (* 10) xs[1::2]

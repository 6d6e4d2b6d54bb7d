-- A closure capturing an array, called inside a loop inside map.
-- ==
-- input { [1i32, 10i32] [1i32, 2i32] }
-- output { [23i32, 46i32] }
entry main (ws: []i32) (xs: []i32) : []i32 =
  let weight = \i -> ws[i % length ws]
  in map (\x -> loop acc = 0 for i < 5 do acc + x * weight (i64.i32 i)) xs

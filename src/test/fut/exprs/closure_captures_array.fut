-- A closure capturing an array is passed to map.
-- ==
-- input { [10i32, 20i32, 30i32] [2i64, 0i64] }
-- output { [60i32, 20i32] }
entry main (xs: []i32) (is: []i64) : []i32 =
  let lookup = \i -> xs[i] * 2
  in map lookup is

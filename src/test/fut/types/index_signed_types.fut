-- Element indices of every signed integer type, and an empty index, which is the array itself.
-- ==
-- input { [10, 20, 30] }
-- output { 60 [10, 20, 30] }
entry main (a: []i32) : (i32, []i32) =
  (a[0i8] + a[1i16] + a[2i32], a[])

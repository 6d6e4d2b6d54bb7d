-- for x in xs.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32] }
-- output { 14i32 }
entry main (xs: []i32) : i32 = loop acc = 0 for x in xs do acc + x

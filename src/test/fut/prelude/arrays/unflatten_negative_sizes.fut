-- unflatten infers its sizes from the array's type; negative sizes whose product is the length
-- fail at run time with the shapes in the message.
-- ==
-- input { 2i64 3i64 }
-- output { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }
-- input { -2i64 -2i64 }
-- error: Cannot unflatten.*\[-2\]\[-2\]
entry main (n: i64) (m: i64) : [n][m]i64 = unflatten (iota (n * m))

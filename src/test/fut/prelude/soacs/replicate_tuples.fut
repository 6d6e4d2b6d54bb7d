-- replicate of tuples and unzip of the result.
-- ==
-- input { 2i64 }
-- output { [7i32, 7i32] [true, true] }
entry main (n: i64) : ([]i32, []bool) = unzip (replicate n (7, true))

-- a[:n] has size n statically, so it zips with an array of size n.
-- ==
-- input { [5i32, 6i32, 7i32] 2i64 }
-- output { [5i32, 6i32] [0i64, 1i64] }
-- input { [5i32] 2i64 }
-- error: out of bounds
entry main [m] (xs: [m]i32) (n: i64) : ([]i32, []i64) = unzip (zip xs[:n] (iota n))

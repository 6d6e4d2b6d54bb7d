-- The valid twin of err_entry_size_poly_return: the result size is an ordinary i64 parameter or comes from an array parameter.
-- ==
-- input { 2i64 [1i32, 2i32, 3i32] } output { empty([0][2]i32) [[1i32, 2i32, 3i32]] }
entry main [m] (n: i64) (xs: [m]i32) : ([0][n]i32, [1][m]i32) = ([], [xs])

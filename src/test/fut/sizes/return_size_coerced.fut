-- The valid twin of the rejected programs: the result of ++ coerced to a declared size.
-- ==
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32, 1i32, 2i32] }
def doubled [n] (xs: [n]i32) (m: i64) : [m]i32 = xs ++ xs :> [m]i32
entry main [n] (xs: [n]i32) : []i32 = doubled xs (n + n)

-- Float to integer conversion truncates towards zero.
-- ==
-- input { [2.9f64, -2.9f64, 0.5f64, -0.5f64] }
-- output { [2i32, -2i32, 0i32, 0i32] [2i64, -2i64, 0i64, 0i64] [2u8, 2u8, 0u8, 0u8] }
entry main (xs: []f64) : ([]i32, []i64, []u8) = (map i32.f64 xs, map i64.f64 xs, map (\x -> u8.f64 (f64.abs x)) xs)

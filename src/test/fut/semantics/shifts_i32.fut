-- i32 shifts: << discards high bits, >> is arithmetic (sign-extending).
-- ==
-- input { [-5i32, 1i32, -128i32, 7i32, -1073741824i32] [0i32, 1i32, 3i32, 31i32, 16i32] }
-- output { [-5i32, 2i32, -1024i32, -2147483648i32, 0i32] [-5i32, 0i32, -16i32, 0i32, -16384i32] }
entry main [n] (xs: [n]i32) (ss: [n]i32) : ([]i32, []i32) = (map2 (<<) xs ss, map2 (>>) xs ss)

-- i64 shifts: << discards high bits, >> is arithmetic (sign-extending).
-- ==
-- input { [-5i64, 1i64, -128i64, 7i64, -4611686018427387904i64] [0i64, 1i64, 3i64, 63i64, 32i64] }
-- output { [-5i64, 2i64, -1024i64, -9223372036854775808i64, 0i64] [-5i64, 0i64, -16i64, 0i64, -1073741824i64] }
entry main [n] (xs: [n]i64) (ss: [n]i64) : ([]i64, []i64) = (map2 (<<) xs ss, map2 (>>) xs ss)

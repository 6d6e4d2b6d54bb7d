-- i8 shifts: << discards high bits, >> is arithmetic (sign-extending).
-- ==
-- input { [-5i8, 1i8, -128i8, 7i8, -64i8] [0i8, 1i8, 3i8, 7i8, 4i8] }
-- output { [-5i8, 2i8, 0i8, -128i8, 0i8] [-5i8, 0i8, -16i8, 0i8, -4i8] }
entry main [n] (xs: [n]i8) (ss: [n]i8) : ([]i8, []i8) = (map2 (<<) xs ss, map2 (>>) xs ss)

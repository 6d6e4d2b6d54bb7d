-- i16 shifts: << discards high bits, >> is arithmetic (sign-extending).
-- ==
-- input { [-5i16, 1i16, -128i16, 7i16, -16384i16] [0i16, 1i16, 3i16, 15i16, 8i16] }
-- output { [-5i16, 2i16, -1024i16, -32768i16, 0i16] [-5i16, 0i16, -16i16, 0i16, -64i16] }
entry main [n] (xs: [n]i16) (ss: [n]i16) : ([]i16, []i16) = (map2 (<<) xs ss, map2 (>>) xs ss)

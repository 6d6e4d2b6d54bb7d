-- i8 arithmetic wraps around modulo 2^8 (add, subtract, multiply, negate).
-- ==
-- input { [127i8, -128i8, 127i8, 3i8, -128i8] [1i8, 1i8, 2i8, 127i8, 127i8] }
-- output { [-128i8, -127i8, -127i8, -126i8, -1i8] [126i8, 127i8, 125i8, -124i8, 1i8] [127i8, -128i8, -2i8, 125i8, -128i8] [-127i8, -128i8, -127i8, -3i8, -128i8] }
entry main [n] (a: [n]i8) (b: [n]i8) : ([]i8, []i8, []i8, []i8) =
  (map2 (+) a b, map2 (-) a b, map2 (*) a b, map (\x -> -x) a)

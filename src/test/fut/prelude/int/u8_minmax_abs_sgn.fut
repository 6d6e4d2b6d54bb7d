-- u8.min, u8.max, u8.abs and u8.sgn, including the extreme values.
-- ==
-- input { [0u8, 1u8, 5u8, 7u8, 100u8, 255u8, 254u8, 128u8, 42u8, 48u8] [48u8, 42u8, 128u8, 254u8, 255u8, 100u8, 7u8, 5u8, 1u8, 0u8] }
-- output { [0u8, 1u8, 5u8, 7u8, 100u8, 100u8, 7u8, 5u8, 1u8, 0u8] [48u8, 42u8, 128u8, 254u8, 255u8, 255u8, 254u8, 128u8, 42u8, 48u8] [0u8, 1u8, 5u8, 7u8, 100u8, 255u8, 254u8, 128u8, 42u8, 48u8] [0u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8] }
entry main [n] (xs: [n]u8) (ys: [n]u8) : ([]u8, []u8, []u8, []u8) =
  (map2 u8.min xs ys, map2 u8.max xs ys, map u8.abs xs, map u8.sgn xs)

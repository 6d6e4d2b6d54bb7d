-- Found by futhark4j fuzz (seed 1, case 3283): a scatter that is never used computes a negative
-- integer power, which fails ("negative exponent") when it runs. The compiler drops the scatter
-- as dead code, so the entry point returns its constant.
-- ==
-- input { [4i16, 5i16] }
-- output { 16u16 }

entry main [n] (xs: [n]i16) : u16 =
  let unused = scatter (copy xs) (map (\i -> i * 3 - 2) (indices xs)) (map (\_ -> (-5i16) ** (-5i16)) xs)
  in 16u16

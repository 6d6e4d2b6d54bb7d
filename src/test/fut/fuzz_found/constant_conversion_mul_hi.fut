-- Found by futhark4j fuzz (seed 1, case 3826): constant folding sign-extended u16.i8 (-4) to 65532
-- where the run time zero-extends it to 252, so mul_hi and mad_hi of the constants gave 19
-- instead of 0. Folding now follows the run-time conversion rule.
-- ==
-- input { 20u16 }
-- output { 0u16 99u16 }

entry main (k: u16) : (u16, u16) =
  (u16.mad_hi 16 14 (u16.mul_hi (u16.i8 (-4i8)) k),
   u16.mul_hi (u16.i8 (-4i8)) (k * 1300))

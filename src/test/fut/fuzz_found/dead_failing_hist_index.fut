-- Found by futhark4j fuzz (seed 1, case 1879): a histogram whose values index out of bounds is
-- never used, so the compiler drops it, as the reference compiler does; the unoptimised IR fails
-- with an index error. The fuzzer now compares such a case with the optimised IR.
-- ==
-- input { [1i64] 2i64 }
-- output { [true] }
-- input { [1i64, 2i64] 0i64 }
-- output { [true, true] }

entry main [k] (xs: [k]i64) (n: i64) : []bool =
  let rows = map (\_ -> replicate n 6.5f32) xs
  let unused = hist f32.max f32.lowest n (map (\_ -> n % 7) rows) (map (\r -> r[7]) rows)
  in map (\_ -> true) rows

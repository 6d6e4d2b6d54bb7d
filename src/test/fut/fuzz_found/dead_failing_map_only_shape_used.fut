-- Found by futhark4j fuzz (seed 1, case 3879): a map whose body indexes out of bounds is used
-- only for its length (through indices), so the simplifier replaces it by its size and the
-- failing index never runs, as in the reference compiler.
-- ==
-- input { [false] }
-- output { [5i8] }
-- input { [false, true, true] }
-- output { [-4i8, 5i8, 5i8] }

entry main [n] (flags: [n]bool) : []i8 =
  let one = copy (replicate 1 9.0f32)
  let ys = map (\_ -> one[n]) flags
  in scatter (replicate n 5i8) (map (\i -> 3 - i * 3) (indices ys)) (map (\_ -> -4i8) ys)

-- Found by futhark4j fuzz (seed 20261127, case 191): fusion merged a map into a consumer that also
-- reads the map's result inside its lambda (here ys, both the outer map's input and the inner
-- map's), so the fused code used a variable that no longer existed (the C did not compile).
-- A producer read inside its consumer's lambda is no longer fused.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [[4i32, 5i32, 6i32], [5i32, 6i32, 7i32], [6i32, 7i32, 8i32]] 12i32 }
-- input { empty([0]i32) }
-- output { empty([0][0]i32) 0i32 }

entry main [n] (xs: [n]i32) : ([][]i32, i32) =
  let ys = map (\x -> x + 1) xs
  let zs = map (\y -> map (\z -> z + y) ys) ys
  let ws = map (\x -> x * 2) xs
  let s = reduce (\a b -> a + b + 0 * ws[0]) 0 ws
  in (zs, s)

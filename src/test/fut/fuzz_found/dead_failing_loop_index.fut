-- Found by futhark4j fuzz (seed 2, case 1359): an in-place update of a copied array and a
-- histogram over it feed nothing that is returned; on empty arrays the update index is out of
-- bounds. Dead code elimination removes both, so the entry point returns its replicate.
-- ==
-- input { empty([0][0]bool) }
-- output { empty([0][0][2]f64) }
-- input { [[true]] }
-- output { [empty([0][2]f64)] }

entry main [n] (bs: [n][n]bool) : [][][]f64 =
  let xs = copy (map (\_ -> 7i16) bs)
  let result = replicate n (replicate 0 (replicate 2 (-9.75f64)))
  let xs[(-3) % i64.max 1 (length xs)] = 7i16
  let unused = reduce_by_index (replicate n 1i64) (*) 1 (map (\_ -> length xs % 7) bs) (map (\_ -> 11i64) bs)
  in result

-- Empty arrays through reverse, concatenation, zip/unzip, rotate, take/drop, copy and indices.
-- ==
-- input { empty([0]i64) }
-- output { empty([0]i64) [7i64] empty([0]i64) empty([0]i64) empty([0]i64) empty([0]i64) empty([0]i64) empty([0]i64) 0i64 }
-- input { [1i64, 2i64] }
-- output { [2i64, 1i64] [1i64, 2i64, 7i64] [1i64, 2i64] [2i64, 3i64] [2i64, 1i64] empty([0]i64) [1i64, 2i64] [0i64, 1i64] 2i64 }
entry main (xs: []i64) : ([]i64, []i64, []i64, []i64, []i64, []i64, []i64, []i64, i64) =
  let (a, b) = unzip (zip xs (map (+ 1) xs))
  in (reverse xs, xs ++ [7], a, b, rotate 1 xs, take 0 xs, drop 0 (copy xs), indices xs, length xs)

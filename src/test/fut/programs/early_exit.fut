-- Early exit from a while loop on (index, sum, done), alone and mapped over the rows of a generated 40 x 1250 matrix.
-- ==
-- entry: main
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] 12i32 }
-- output { 4i64 14i32 }
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] 100i32 }
-- output { -1i64 31i32 }

-- ==
-- entry: rows
-- input { 40i64 1250i64 }
-- output { [50i64, 49i64, 49i64, 51i64, 50i64, 49i64, 48i64, 48i64, 50i64, 51i64, 47i64, 49i64, 52i64, 52i64, 49i64, 49i64, 49i64, 50i64, 52i64, 48i64, 47i64, 50i64, 52i64, 50i64, 49i64, 49i64, 51i64, 50i64, 49i64, 48i64, 48i64, 50i64, 51i64, 47i64, 49i64, 52i64, 52i64, 49i64, 49i64, 49i64] }
def first_exceeding [n] (t: i32) (xs: [n]i32) : (i64, i32) =
  let (i, s, _) = loop (i, s, done) = (0i64, 0i32, false) while !done && i < n do
                    let s' = s + xs[i]
                    in if s' > t then (i, s', true) else (i + 1, s', false)
  in (if i == n then -1 else i, s)

entry main [n] (xs: [n]i32) (t: i32) : (i64, i32) = first_exceeding t xs

entry rows (r: i64) (m: i64) : []i64 =
  let mat = tabulate_2d r m (\i j -> i32.i64 ((i * 131 + j * 17) % 23) - 5)
  in map (\row -> (first_exceeding 300 row).0) mat

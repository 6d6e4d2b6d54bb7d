-- Ranges with step 1 (written with or without a second element) and assertions keep known sizes.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 2i64, 3i64] [1i64, 2i64, 3i64, 4i64] [2i64, 3i64, 4i64, 5i64] [0i64, 1i64, 2i64, 3i64] }
-- input { 0i64 } error: Range 1\.\.2\.\.\.0 is invalid
entry main (n: i64) : ([n]i64, [n]i64, [n]i64, [n]i64) =
  (0..1..<n, 1..2...n, map (+ 2) (0..<n), iota (assert (n > 0) n))

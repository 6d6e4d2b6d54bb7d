-- #[unsafe] on an index and on a map with indirect indexing.
-- ==
-- input { [10i32, 20i32, 30i32] 2i64 } output { 31i32 [30i32, 10i32] }
entry main (xs: []i32) (i: i64) : (i32, []i32) =
  (#[unsafe] xs[i] + 1, #[unsafe] map (\j -> xs[j]) [i, 0])

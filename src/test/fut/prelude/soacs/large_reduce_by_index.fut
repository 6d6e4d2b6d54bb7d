-- reduce_by_index with max over 100000 elements.
-- ==
-- input { 100000i64 }
-- output { [976i64, 976i64, 976i64, 976i64, 976i64, 976i64, 976i64, 976i64, 976i64, 976i64] }
entry main (n: i64) : []i64 =
  reduce_by_index (replicate 10 0) i64.max 0 (map (% 10) (iota n)) (map (\i -> (i * 31) % 977) (iota n))

-- An if whose branches have arrays of different sizes gets an existential size.
-- ==
-- input { true 2i64 }
-- output { [0i64, 1i64] }
-- input { false 2i64 }
-- output { [0i64, 1i64, 2i64, 3i64] }
entry main (b: bool) (n: i64) : []i64 = if b then iota n else iota (n + 2)

-- Nested if as a sign function.
-- ==
-- input { [-5i64, 0i64, 9i64] }
-- output { [-1i64, 0i64, 1i64] }
def sign (x: i64) : i64 = if x < 0 then -1 else if x == 0 then 0 else 1
entry main (xs: []i64) : []i64 = map sign xs

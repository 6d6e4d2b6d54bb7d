-- min, max, abs and sgn.
-- ==
-- input { -5i64 3i64 }
-- output { -5i64 3i64 5i64 -1i64 }
entry main (a: i64) (b: i64) : (i64, i64, i64, i64) = (i64.min a b, i64.max a b, i64.abs a, i64.sgn a)

-- iota n is the range 0..1..<n: a negative n is an invalid range (also when the iota is fused into
-- a map), not an empty array.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 4i64] }
-- input { -2i64 } error: Range 0\.\.1\.\.<-2 is invalid
entry main (n: i64) : []i64 = map (\i -> i * i) (iota n)

-- reduce with an associative but non-commutative operator keeps order (2x2 matrix products).
-- ==
-- input { 5i64 }
-- output { 342i64 129i64 507i64 194i64 }
def mul ((a, b, c, d): (i64, i64, i64, i64)) ((e, f, g, h): (i64, i64, i64, i64)) =
  (a*e + b*g, a*f + b*h, c*e + d*g, c*f + d*h)
entry main (n: i64) : (i64, i64, i64, i64) =
  reduce mul (1, 0, 0, 1) (map (\i -> (1, i, 2, 1)) (1...n) ++ [(1, 1, 1, 0)])

-- A non-commutative reduce (composition of affine maps mod a prime) over 100000 elements keeps left-to-right order.
-- ==
-- input { 100000i64 }
-- output { 124633i64 177868i64 }
def comp ((a, b): (i64, i64)) ((c, d): (i64, i64)) : (i64, i64) = (a * c % 1000003, (b * c + d) % 1000003)
entry main (n: i64) : (i64, i64) =
  reduce comp (1, 0) (map (\i -> ((i % 7) + 1, i % 11)) (iota n))

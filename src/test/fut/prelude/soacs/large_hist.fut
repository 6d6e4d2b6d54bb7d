-- hist with many collisions over 100000 elements.
-- ==
-- input { 100000i64 }
-- output { [11766i64, 23528i64, 23528i64, 0i64, 23529i64, 0i64, 0i64, 0i64, 23532i64, 23530i64, 0i64, 0i64, 0i64, 23528i64, 0i64, 23528i64, 23531i64] }
entry main (n: i64) : []i64 =
  hist (+) 0 17 (map (\i -> (i * i) % 17) (iota n)) (map (% 5) (iota n))

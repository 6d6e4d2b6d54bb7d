-- Matrix power modulo a prime by repeated squaring: a while loop on (result, base, exponent) with matrices built by nested maps over a transpose.
-- ==
-- input { [[1i64, 1i64], [1i64, 0i64]] 0i64 1000000007i64 }
-- output { [[1i64, 0i64], [0i64, 1i64]] }
-- input { [[1i64, 1i64], [1i64, 0i64]] 10i64 1000000007i64 }
-- output { [[89i64, 55i64], [55i64, 34i64]] }
-- input { [[1i64, 1i64], [1i64, 0i64]] 90i64 1000000007i64 }
-- output { [[755204270i64, 210345902i64], [210345902i64, 544858368i64]] }
-- input { [[1i64, 1i64], [1i64, 0i64]] 1000i64 1000000007i64 }
-- output { [[107579939i64, 517691607i64], [517691607i64, 589888339i64]] }
-- input { [[2i64, 0i64, 1i64], [1i64, 3i64, 5i64], [7i64, 1i64, 1i64]] 12345i64 1000000007i64 }
-- output { [[115184080i64, 943912714i64, 535049000i64], [459819173i64, 650233080i64, 338721228i64], [689255686i64, 478961707i64, 299698622i64]] }
def matmul [n] (p: i64) (a: [n][n]i64) (b: [n][n]i64) : [n][n]i64 =
  map (\row -> map (\col -> reduce (+) 0 (map2 (\x y -> x * y % p) row col) % p) (transpose b)) a

entry main [n] (a: [n][n]i64) (e: i64) (p: i64) : [n][n]i64 =
  let id = tabulate_2d n n (\i j -> if i == j then 1 else 0)
  let (r, _, _) =
    loop (r, b, e) = (id, a, e) while e > 0 do
      let r = if e % 2 == 1 then matmul p r b else r
      in (r, matmul p b b, e / 2)
  in r

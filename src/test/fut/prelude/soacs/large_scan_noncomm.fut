-- A non-commutative scan over 100000 elements: selected prefixes match a sequential fold.
-- ==
-- input { 100000i64 }
-- output { [1i64, 2i64, 758252i64, 551460i64, 124633i64] [0i64, 1i64, 130317i64, 362465i64, 177868i64] }
def comp ((a, b): (i64, i64)) ((c, d): (i64, i64)) : (i64, i64) = (a * c % 1000003, (b * c + d) % 1000003)
entry main (n: i64) : ([]i64, []i64) =
  let s = scan comp (1, 0) (map (\i -> ((i % 7) + 1, i % 11)) (iota n))
  in unzip (map (\i -> s[i]) [0, 1, 999, n / 3, n - 1])

-- Scalar in, array out: prime factorisation with loop ... while and ++.
-- ==
-- input { 12i64 }
-- output { [2i64, 2i64, 3i64] }
-- input { 100i64 }
-- output { [2i64, 2i64, 5i64, 5i64] }
-- input { 1i64 }
-- output { empty([0]i64) }
-- input { 97i64 }
-- output { [97i64] }
entry f (n: i64) : []i64 =
  let (_, _, result) =
    loop (x, i, acc) = (n, 2i64, ([] : []i64))
    while x > 1 do
      if x % i == 0
      then (x / i, i, acc ++ [i])
      else (x, i + 1, acc)
  in result

def factorize (n: i64) : [32]i64 =
  let (_, _, factors, _) =
    loop (x, i, acc, c) = (n, 2i64, replicate 32 0i64, 0i64)
    while x > 1 && c < 32 do
      if x % i == 0 then (x / i, i, acc with [c] = i, c + 1) else (x, i + 1, acc, c)
  in factors
entry f (ns: []i64) : [][32]i64 = map factorize ns

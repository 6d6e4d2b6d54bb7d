-- Matrix inverse by Gauss-Jordan elimination with partial pivoting: a pair of matrices through a loop, row swaps by in-place updates, argmax by reduce.
-- ==
-- input { [[2.0f64, 1.0f64, 0.0f64, 3.0f64], [1.0f64, -1.0f64, 4.0f64, 0.5f64], [0.0f64, 5.0f64, 1.0f64, 2.0f64], [7.0f64, 0.0f64, 1.0f64, 1.0f64]] }
-- output { [[-0.04831625183016105f64, -0.040995607613469986f64, 0.001464128843338213f64, 0.16251830161054173f64], [-0.15080527086383602f64, -0.06734992679355783f64, 0.21669106881405567f64, 0.05270863836017568f64], [-0.07759882869692532f64, 0.23718887262079064f64, 0.0629575402635432f64, -0.011713030746705717f64], [0.41581259150805266f64, 0.04978038067349927f64, -0.07320644216691069f64, -0.12591508052708636f64]] }
-- input { [[4.0, 7.0], [2.0, 6.0]] }
-- output { [[0.6000000000000001f64, -0.7000000000000001f64], [-0.2f64, 0.4f64]] }
def argmax_abs [n] (k: i64) (col: [n]f64) : i64 =
  let (i, _) = reduce (\(i1, v1) (i2, v2) -> if v2 > v1 then (i2, v2) else (i1, v1))
                      (k, f64.abs col[k])
                      (map (\i -> (i, f64.abs col[i])) (k..<n))
  in i

def swap_rows [n][m] (k: i64) (p: i64) (a: *[n][m]f64) : *[n][m]f64 =
  let rk = copy a[k]
  let rp = copy a[p]
  let a[k] = rp
  let a[p] = rk
  in a

entry main [n] (a0: [n][n]f64) : [n][n]f64 =
  let id = tabulate_2d n n (\i j -> if i == j then 1f64 else 0)
  let (_, inv) =
    loop (a, inv) = (copy a0, id) for k < n do
      let p = argmax_abs k (map (\row -> row[k]) a)
      let a = swap_rows k p a
      let inv = swap_rows k p inv
      let piv = a[k, k]
      let ak = map (/ piv) a[k]
      let ik = map (/ piv) inv[k]
      let elim row f pr = map2 (\x y -> x - f * y) row pr
      let a' = map2 (\i row -> if i == k then ak else elim row row[k] ak) (iota n) a
      let inv' = map3 (\i row f -> if i == k then ik else elim row f ik) (iota n) inv (map (\r -> r[k]) a)
      in (a', inv')
  in inv

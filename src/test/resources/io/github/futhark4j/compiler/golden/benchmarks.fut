def radix_sort_step [n] (xs: [n]u32) (b: i32) : [n]u32 =
  let bits = map (\x -> (i32.u32 (x >> u32.i32 b)) & 1) xs
  let bits_neg = map (1-) bits
  let offs = reduce (+) 0 bits_neg
  let idxs0 = map2 (*) bits_neg (scan (+) 0 bits_neg)
  let idxs1 = map2 (*) bits (map (+offs) (scan (+) 0 bits))
  let idxs2 = map2 (+) idxs0 idxs1
  let idxs = map (\x -> x - 1) idxs2
  let xs' = scatter (copy xs) (map i64.i32 idxs) xs
  in xs'

entry radix_sort [n] (xs: [n]u32) : [n]u32 =
  loop xs for i < 32 do radix_sort_step xs i

entry segscan [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 =
  let (_, res) = unzip (scan (\(f1, x1) (f2, x2) -> (f1 || f2, if f2 then x2 else x1 + x2)) (false, 0) (zip flags xs))
  in res

entry stencil [n] (xs: [n]f32) : [n]f32 =
  tabulate n (\i -> let l = if i == 0 then xs[i] else xs[i-1]
                    let r = if i == n-1 then xs[i] else xs[i+1]
                    in (l + xs[i] + r) / 3)

def argmax [n] (xs: [n]f32) : i64 =
  let op (a: (f32, i64)) (b: (f32, i64)) = if a.0 >= b.0 then a else b
  in (reduce op (f32.lowest, -1) (zip xs (iota n))).1

entry am (xs: []f32) : i64 = argmax xs

entry blackscholes (s: f64) (k: f64) (t: f64) (r: f64) (v: f64) : f64 =
  let d1 = (f64.log (s / k) + (r + v * v / 2) * t) / (v * f64.sqrt t)
  let d2 = d1 - v * f64.sqrt t
  let cnd x = 0.5 * (1 + f64.erf (x / f64.sqrt 2))
  in s * cnd d1 - k * f64.exp (-r * t) * cnd d2

entry sum_rows (xss: [][]i32) : []i32 = map i32.sum xss
entry count (xs: []bool) : i64 = i64.sum (map i64.bool xs)
entry dedup (xs: []i32) : []i32 = map (.0) (filter (\(x, i) -> i == 0 || x != xs[i-1]) (zip xs (indices xs)))

-- Compute-bound: a k x k matrix product, k = sqrt n (n a power of 4), the matrices made from the
-- inputs (a two-dimensional map nest of reductions: one work-item per result element).
entry main [n] (xs: [n]f32) (ys: [n]f32) : []f32 =
  let k = i64.f64 (f64.sqrt (f64.i64 n))
  let a = unflatten (xs[:k * k] :> [k * k]f32)
  let b = unflatten (ys[:k * k] :> [k * k]f32)
  in flatten (map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a)

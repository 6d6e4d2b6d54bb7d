-- Compute-bound, O(n^2): the x component of softened gravitational accelerations, each body's a
-- reduction over all bodies (run sequentially by its work-item).
entry main [n] (xs: [n]f32) (ys: [n]f32) (ms: [n]f32) : [n]f32 =
  map2 (\xi yi -> f32.sum (map3 (\xj yj mj -> let dx = xj - xi
                                              let dy = yj - yi
                                              let d2 = dx * dx + dy * dy + 1e-4
                                              let inv = 1 / f32.sqrt d2
                                              in dx * mj * inv * inv * inv) xs ys ms)) xs ys

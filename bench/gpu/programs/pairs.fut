-- Compute-bound, O(n^2): for each point the sum of a softened inverse distance to every point (the
-- inner loop reads the whole array; its indices are the loop's, proven in range).
entry main [n] (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  map2 (\x y ->
          loop acc = 0f32 for j < n do
            let dx = xs[j] - x
            let dy = ys[j] - y
            in acc + 1 / f32.sqrt (dx * dx + dy * dy + 0.01)) xs ys

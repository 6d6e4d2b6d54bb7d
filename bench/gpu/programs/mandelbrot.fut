-- Compute-bound, uneven: a k x k Mandelbrot image (k = sqrt n; the input's values are not read),
-- up to 256 steps per pixel, as a two-dimensional map nest over iotas.
entry main [n] (xs: [n]f32) : []i32 =
  let k = i64.f64 (f64.sqrt (f64.i64 (length xs)))
  let d = 3 / f32.i64 k
  in flatten (map (\y -> let ci = -1.5 + f32.i64 y * d
                         in map (\x -> let cr = -2 + f32.i64 x * d
                                       let (_, _, i) = loop (zr, zi, i) = (0f32, 0f32, 0i32)
                                                       while i < 256 && zr * zr + zi * zi <= 4 do
                                                         (zr * zr - zi * zi + cr, 2 * zr * zi + ci, i + 1)
                                       in i) (iota k))
                  (iota k))

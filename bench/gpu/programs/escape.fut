-- Compute-bound, uneven: escape times of the Mandelbrot iteration (up to 2000 steps) for points
-- (cr, ci) in [-2, 0.5] x [-1.25, 1.25], one per element.
def escape (cr: f32) (ci: f32) : i32 =
  let (_, _, i) =
    loop (zr, zi, i) = (0f32, 0f32, 0i32) while i < 2000 && zr * zr + zi * zi < 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, i + 1)
  in i

entry main [n] (xs: [n]f32) (ys: [n]f32) : [n]i32 =
  map2 (\x y -> escape (x * 1.25 - 0.75) (y * 1.25)) xs ys

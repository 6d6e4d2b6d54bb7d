-- Escape-time Mandelbrot over [-2,1] x [-1.5,1.5] in f32: a map over pixels of a
-- data-dependent while loop. Compute-bound; the trip count differs from pixel to pixel, so
-- vector code needs lanes that stop updating once they escape.
-- ==
-- entry: mandelbrot mandelbrot_tabulate
-- input { 4i64 3i64 10i32 }
-- output { [[1i32, 2i32, 2i32, 2i32], [1i32, 4i32, 10i32, 10i32], [1i32, 4i32, 10i32, 10i32]] }
-- input { 1024i64 1024i64 256i32 }

def divergence (limit: i32) (cr: f32) (ci: f32) : i32 =
  let (_, _, i) =
    loop (zr, zi, i) = (0f32, 0f32, 0i32)
    while i < limit && zr * zr + zi * zi <= 4f32 do
      (zr * zr - zi * zi + cr, 2f32 * zr * zi + ci, i + 1)
  in i

entry mandelbrot (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
  let dx = 3f32 / f32.i64 w
  let dy = 3f32 / f32.i64 h
  in map (\y ->
            let ci = -1.5f32 + f32.i64 y * dy
            in map (\x -> divergence limit (-2f32 + f32.i64 x * dx) ci) (iota w))
         (iota h)

-- The same image in another spelling (Kernel#spellings): tabulate_2d instead of nested maps over iota.

entry mandelbrot_tabulate (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
  let dx = 3f32 / f32.i64 w
  let dy = 3f32 / f32.i64 h
  in tabulate_2d h w (\y x -> divergence limit (-2f32 + f32.i64 x * dx) (-1.5f32 + f32.i64 y * dy))

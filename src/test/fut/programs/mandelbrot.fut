-- Mandelbrot escape counts on an h x w grid: a while loop over a (re, im, count) triple inside tabulate_2d.
-- ==
-- input { 8i64 6i64 30i32 }
-- output { [[1i32, 1i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32], [1i32, 2i32, 3i32, 3i32, 4i32, 13i32, 4i32, 2i32], [1i32, 3i32, 4i32, 5i32, 30i32, 30i32, 30i32, 3i32], [30i32, 30i32, 30i32, 30i32, 30i32, 30i32, 30i32, 4i32], [1i32, 3i32, 4i32, 5i32, 30i32, 30i32, 30i32, 3i32], [1i32, 2i32, 3i32, 3i32, 4i32, 13i32, 4i32, 2i32]] }
-- input { 3i64 2i64 5i32 }
-- output { [[1i32, 2i32, 2i32], [5i32, 5i32, 5i32]] }
entry main (w: i64) (h: i64) (maxit: i32) : [h][w]i32 =
  tabulate_2d h w (\i j ->
    let cr = -2.0 + 3.0 * f64.i64 j / f64.i64 w
    let ci = -1.5 + 3.0 * f64.i64 i / f64.i64 h
    let (_, _, it) =
      loop (zr, zi, it) = (0f64, 0f64, 0) while it < maxit && zr * zr + zi * zi <= 4 do
        (zr * zr - zi * zi + cr, 2 * zr * zi + ci, it + 1)
    in it)

-- Iterated 2D stencil: `iters` sweeps of a weighted 3x3 smoothing filter (a discrete
-- Gaussian blur: weight 4 for the centre, 2 for the four edge neighbours, 1 for the corners,
-- divided by 16) over a grey-scale image, as in image denoising or a Jacobi-style heat
-- diffusion solver. Borders are clamped: a neighbour outside the image is the nearest
-- pixel inside it. Returns the smoothed image.
--
-- Parallelism: a sequential loop over the sweeps; each sweep a 2D map over all pixels
-- reading nine neighbours with irregular (clamped) indexing. Memory-bound.
-- ==
-- input { 2i32
--         [[1f32, 0f32, 0f32, 0f32],
--          [0f32, 0f32, 0f32, 0f32],
--          [0f32, 0f32, 8f32, 0f32]] }
-- output { [[0.421875f32, 0.3203125f32, 0.2265625f32, 0.15625f32],
--           [0.3515625f32, 0.72265625f32, 0.95703125f32, 0.78125f32],
--           [0.3515625f32, 1.26953125f32, 1.87890625f32, 1.5625f32]] }
-- random input { 10i32 [1024][1024]f32 }
-- random input { 50i32 [256][512]f32 }

def smooth [h][w] (img: [h][w]f32) : [h][w]f32 =
  let at (i: i64) (j: i64) : f32 =
    img[i64.max 0 (i64.min (h - 1) i), i64.max 0 (i64.min (w - 1) j)]
  in tabulate_2d h w (\i j ->
       (4 * at i j
        + 2 * (at (i - 1) j + at (i + 1) j + at i (j - 1) + at i (j + 1))
        + at (i - 1) (j - 1) + at (i - 1) (j + 1) + at (i + 1) (j - 1) + at (i + 1) (j + 1))
       / 16)

entry main [h][w] (iters: i32) (img: [h][w]f32) : [h][w]f32 =
  loop img for _i < iters do smooth img

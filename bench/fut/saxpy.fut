-- a*x + y over f32 vectors: a bandwidth-bound map (2^24 elements).
-- ==
-- entry: saxpy saxpy_zip saxpy_unzip saxpy_tabulate
-- input { 2.0f32 [1.0f32, 2.0f32, 3.0f32] [0.5f32, -1.0f32, 10.0f32] }
-- output { [2.5f32, 3.0f32, 16.0f32] }
-- random input { f32 [16777216]f32 [16777216]f32 }

entry saxpy [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  map2 (\x y -> a * x + y) xs ys

-- The same saxpy in other spellings (Kernel#spellings): map over zip, unzip of zipped pairs, and
-- tabulate indexing both arrays (in range, so unchecked).

entry saxpy_zip [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  map (\(x, y) -> a * x + y) (zip xs ys)

entry saxpy_unzip [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  let (xs', ys') = unzip (zip xs ys)
  in map2 (\x y -> a * x + y) xs' ys'

entry saxpy_tabulate [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  tabulate n (\i -> a * xs[i] + ys[i])

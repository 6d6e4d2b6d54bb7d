-- A valid-mode 1-D convolution and a 2-D one built from it on rows and (transposed) columns.
-- ==
-- entry: main
-- input { [1.0f32, 2.0f32, -1.0f32, 0.5f32, 3.0f32, 4.0f32, -2.0f32, 0.0f32] [0.25f32, 0.5f32, 0.25f32] }
-- output { [1.0f32, 0.125f32, 0.75f32, 2.625f32, 2.25f32, 0.0f32] }

-- ==
-- entry: sep
-- input { [[0.0f32, 3.0f32, 6.0f32, 2.0f32, 5.0f32], [5.0f32, 1.0f32, 4.0f32, 0.0f32, 3.0f32], [3.0f32, 6.0f32, 2.0f32, 5.0f32, 1.0f32], [1.0f32, 4.0f32, 0.0f32, 3.0f32, 6.0f32]] [0.25f32, 0.5f32, 0.25f32] }
-- output { [[3.1875f32, 3.125f32, 2.625f32], [3.375f32, 2.875f32, 2.8125f32]] }
def conv1 [n][k] (ker: [k]f32) (xs: [n]f32) : [n - k + 1]f32 =
  tabulate (n - k + 1) (\i -> f32.sum (map (\j -> xs[i + j] * ker[j]) (iota k)))

entry main [n][k] (xs: [n]f32) (ker: [k]f32) : []f32 = conv1 ker xs

entry sep [n][m][k] (img: [n][m]f32) (ker: [k]f32) : [][]f32 =
  let rows = map (conv1 ker) img
  in transpose (map (conv1 ker) (transpose rows))

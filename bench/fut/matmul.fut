-- Matrix multiplication, written the textbook way: every row of a against every column of b.
-- Compute-bound (2 n^3 flops at n = 1024). The compiler has to interchange and tile this to get
-- near the hand-written C; read naively it walks columns of b with a stride of a whole row.
-- ==
-- entry: matmul matmul_tabulate matmul_index
-- input { [[1.0f32, 2.0f32], [3.0f32, 4.0f32]] [[5.0f32, 6.0f32], [7.0f32, 8.0f32]] }
-- output { [[19.0f32, 22.0f32], [43.0f32, 50.0f32]] }
-- input { [[1.0f32, 2.0f32, 3.0f32]] [[1.0f32, 0.5f32], [2.0f32, 0.0f32], [3.0f32, -1.0f32]] }
-- output { [[14.0f32, -2.5f32]] }
-- random input { [1024][1024]f32 [1024][1024]f32 }

entry matmul [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\a_row -> map (\b_col -> f32.sum (map2 (*) a_row b_col)) (transpose b)) a

-- The same product in another spelling (Kernel#spellings): the transposed matrix bound first and
-- the columns made by tabulate.

entry matmul_tabulate [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  let bt = transpose b
  in map (\a_row -> tabulate p (\j -> f32.sum (map2 (*) a_row bt[j]))) a

-- And as the textbook formula, every element indexed: tabulate_2d over a sum of a[i, k] * b[k, j]
-- (opt.IotaIndex turns the indexing into rows of a and of the transpose of b).

entry matmul_index [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  tabulate_2d n p (\i j -> f32.sum (tabulate m (\k -> a[i, k] * b[k, j])))

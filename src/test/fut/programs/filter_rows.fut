-- filter and partition over the rows of a matrix, then the kept rows reversed with a negative-stride slice and their columns summed.
-- ==
-- input { [[1i32, -2i32, 3i32], [-5i32, 1i32, 1i32], [0i32, 0i32, 0i32], [7i32, -8i32, 2i32], [2i32, 2i32, -3i32]] }
-- output { [[2i32, 2i32, -3i32], [7i32, -8i32, 2i32], [0i32, 0i32, 0i32], [1i32, -2i32, 3i32]] [[1i32, -2i32, 3i32], [7i32, -8i32, 2i32], [2i32, 2i32, -3i32]] [[-5i32, 1i32, 1i32], [0i32, 0i32, 0i32]] [10i32, -8i32, 2i32] }
entry main [n][m] (a: [n][m]i32) : ([][m]i32, [][m]i32, [][m]i32, [m]i32) =
  let keep = filter (\r -> i32.sum r >= 0) a
  let (pos, nonpos) = partition (\r -> r[0] > 0) a
  let rev = keep[::-1]
  in (rev, pos, nonpos, reduce (map2 (+)) (replicate m 0) keep)

-- A loop whose initial value is an array the loop itself still reads (in its body or its while
-- condition), at that array's last use: the loop parameter must not take the array over, or it
-- frees it (or writes into it) while the body reads it.

-- ==
-- entry: map_reads_init
-- input { [1.0, 2.0, 3.0] } output { [5.0, 6.0, 7.0] }
entry map_reads_init (ys: []f64) : []f64 =
  let t = copy ys
  in loop zs = t for _i < 2 do map (\z -> z + t[1]) zs

-- ==
-- entry: while_reads_init
-- input { [1i64, 2i64, 3i64] } output { [5i64, 6i64, 7i64] 3i64 }
entry while_reads_init (xs: []i64) : ([]i64, i64) =
  let t = map (+ 1) xs
  in loop (zs, j) = (t, 0) while j < t[0] + 1 do (map (\z -> z + t[0] - 1) zs, j + 1)

-- ==
-- entry: update_reads_init
-- input { [1i64, 2i64, 3i64] } output { [3i64, 2i64, 3i64] }
entry update_reads_init (xs: []i64) : []i64 =
  let t = copy xs
  in loop zs = t for _i < 1 do copy zs with [0] = t[2]

-- Forward mode makes such a loop of itself: the tangent of the input is the loop's initial
-- tangent and is read by the body (each iteration adds 2 ys[1] * ys'[1]).

-- ==
-- entry: jvp_reads_input
-- input { [1.0, 2.0, 3.0] [0.0, 1.0, 0.0] } output { [8.0, 9.0, 8.0] }
entry jvp_reads_input (ys: []f64) (ys': []f64) : []f64 =
  jvp (\ys -> loop zs = ys for _i < 2 do map (\z -> z + ys[1] * ys[1]) zs) ys ys'

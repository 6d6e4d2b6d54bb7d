-- Reverse mode through loops over arrays (a tape of each iteration's array) and while loops
-- (counted first, then run again recording the tape).

-- ==
-- entry: smooth
-- input { [1.0, 2.0, 3.0] 0.5 }
-- output { [1.6090695772697936, 0.946434188765091, 0.12062662147938595] 15.577658893981528 }
entry smooth (xs: []f64) (c: f64) : ([]f64, f64) =
  vjp (\(xs, c) -> f64.sum (loop ys = xs for i < 3 do map (\y -> f64.sin (y * c) + y * f64.i64 i) ys)) (xs, c) 1

-- ==
-- entry: update_loop
-- input { [1.0, 2.0, 3.0] } output { [9.0, 4.0, 2.0] }
entry update_loop [n] (xs: [n]f64) : [n]f64 =
  vjp (\xs -> f64.sum (loop ys = copy xs for i < n - 1 do ys with [i + 1] = ys[i + 1] * ys[i])) xs 1

-- ==
-- entry: halve
-- input { 10.0 } output { 7.156625010309775e-2 }
entry halve (x: f64) : f64 =
  vjp (\x -> let (y, _) = loop (y, j) = (x, 0i64) while y > 1 do (y * 0.5 + f64.sin y * 0.1, j + 1) in y * y) x 1

-- ==
-- entry: while_arrays
-- input { [1.0, 2.0] } output { [8.868358657922174, -4.515950358496737] }
entry while_arrays (xs: []f64) : []f64 =
  vjp (\xs -> let (ys, _) = loop (ys, j) = (xs, 0i64) while j < 4 do (map (\y -> f64.cos y * 2) ys, j + 1) in f64.sum ys) xs 1

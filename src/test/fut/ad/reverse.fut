-- Reverse-mode AD (vjp, vjp2, mjp): the cotangent of the input for a cotangent of the result.
-- ==
-- entry: cube
-- input { 2.0 } output { 12.0 }

-- ==
-- entry: sum_squares
-- input { [1.0, 2.0, 3.0] } output { [2.0, 4.0, 6.0] }

-- ==
-- entry: row_sums
-- input { [[1.0, 2.0], [3.0, 4.0]] } output { [[1.0, 1.0], [2.0, 2.0]] }

-- ==
-- entry: product
-- input { 3.0 4.0 } output { 12.0 4.0 3.0 [4.0, 8.0] }

-- ==
-- entry: branchy
-- input { [1.0, -2.0, 3.0] } output { [2.0, -1.0, 6.0] }

-- ==
-- entry: picked
-- input { [1.0, 2.0, 3.0] } output { [0.0, 3.0, 2.0] }

-- ==
-- entry: looped
-- input { 3.0 } output { 27.0 }

-- ==
-- entry: gathered
-- input { [1.0, 2.0, 3.0] [2i64, 0i64, 2i64] } output { [2.0, 0.0, 12.0] }

-- ==
-- entry: diagonal
-- input { [[1.0, 2.0], [3.0, 4.0]] } output { [[2.0, 0.0], [0.0, 2.0]] }

-- ==
-- entry: matvec
-- input { [[1.0, 2.0], [3.0, 4.0]] [5.0, 6.0] } output { [[5.0, 6.0], [10.0, 12.0]] [7.0, 10.0] }

-- ==
-- entry: horner
-- input { [1.0, 2.0, 3.0] 2.0 } output { [1.0, 2.0, 4.0] 14.0 }

-- ==
-- entry: loop_in_map
-- input { [1.0, 2.0] } output { [3.0, 12.0] }

-- ==
-- entry: halving
-- input { 5.0 } output { 0.125 }

-- ==
-- entry: mixed
-- input { 2.0f32 3 } output { 3.0f32 6i32 }

entry cube (x: f64) : f64 = vjp (\x -> x * x * x) x 1.0

entry sum_squares (xs: []f64) : []f64 = vjp (\xs -> f64.sum (map (\x -> x * x) xs)) xs 1

entry row_sums (xss: [][]f64) : [][]f64 = vjp (\xss -> map f64.sum xss) xss [1, 2]

entry product (a: f64) (b: f64) : (f64, f64, f64, []f64) =
  let (p, (da, db)) = vjp2 (\(x, y) -> x * y) (a, b) 1
  in (p, da, db, mjp (\(x, y) -> x * y) (a, b) [1, 2] |> map (.0))

-- A branch in the function of a map: each row's reverse runs the branch again.
entry branchy (xs: []f64) : []f64 =
  vjp (\xs -> f64.sum (map (\x -> if x > 0 then x * x else -x) xs)) xs 1

-- Indexing: only the elements read get a cotangent.
entry picked (xs: []f64) : []f64 = vjp (\xs -> xs[1] * xs[2]) xs 1

-- Elements of a free array read in a map: their cotangents are added by index (twice for xs[2]).
entry gathered (xs: []f64) (is: []i64) : []f64 =
  vjp (\xs -> f64.sum (map (\i -> xs[i] * xs[i]) is)) xs 1

entry diagonal (a: [][]f64) : [][]f64 = vjp (\a -> f64.sum (map (\i -> a[i, i] * 2) (indices a))) a 1

-- A free array read whole by every row: its cotangent is the sum of the rows' contributions.
entry matvec [n] (a: [n][n]f64) (v: [n]f64) : ([n][n]f64, [n]f64) =
  let f (a, v) = map (\row -> f64.sum (map2 (*) row v)) a
  let (da, dv) = vjp f (a, v) (replicate n 1 with [1] = 2)
  in (da, dv)

-- Loops run backwards from a tape of their parameters; i32 loop indices too.
entry looped (x: f64) : f64 = vjp (\x -> loop acc = 1 for _i < 3i32 do acc * x) x 1

entry horner (cs: []f64) (x: f64) : ([]f64, f64) =
  vjp (\(cs, x) -> loop acc = 0 for i < length cs do acc + cs[i] * x ** f64.i64 i) (cs, x) 1

entry loop_in_map (xs: []f64) : []f64 = vjp (\xs -> f64.sum (map (\x -> loop a = x for _i < 2 do a * x) xs)) xs 1

-- A while loop (differentiated through forward mode over the input's basis).
entry halving (x: f64) : f64 = vjp (\x -> (loop (a, k) = (x, 0) while k < 3 do (a / 2, k + 1)).0) x 1

-- An integer argument gets an integer cotangent; the float result's seed reaches it through the conversion.
entry mixed (x: f32) (n: i32) : (f32, i32) = vjp (\(x, n) -> (x * f32.i32 n, n * n)) (x, n) (1, 0) |> \(a, b) -> (a, b + 4)

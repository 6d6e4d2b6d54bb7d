-- A while loop halving an array, with size coercions to make the halves match.
-- ==
-- input { 8i64 } output { [28i64] }
-- input { 1i64 } output { [0i64] }
entry main (n: i64) : []i64 =
  loop xs = iota n while length xs > 1 do
    let h = length xs / 2
    in map2 (+) (xs[0:h] :> [h]i64) (xs[h:2 * h] :> [h]i64)

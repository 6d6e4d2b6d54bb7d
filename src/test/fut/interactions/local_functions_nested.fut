-- Local functions defined in let, one using another and a captured value, used in map and reduce.
-- ==
-- input { [1i32, 2i32, 3i32] 10i32 } output { [21i32, 24i32, 29i32] 74i32 }
entry main (xs: []i32) (k: i32) : ([]i32, i32) =
  let sq (x: i32) = x * x
  let g (x: i32) : i32 = sq x + k * 2
  let add3 a b c : i32 = a + b + c
  let ys = map g xs
  in (ys, reduce (+) 0 ys + add3 0 0 0)

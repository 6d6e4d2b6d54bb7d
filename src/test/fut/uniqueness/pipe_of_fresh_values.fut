-- What is piped decides what the result aliases: a fresh value piped through functions without
-- free arrays gives a fresh result, which may be returned unique and updated in place.
-- ==
-- input { [1, 2, 3] 5 }
-- output { [0, 6, 8] [5, 5, 5] }
def bumped (xs: []i32) : *[]i32 = copy xs |> map (+ 1) |> map (* 2)
def filled (x: i32) : *[]i32 = x |> replicate 3
entry main (xs: []i32) (x: i32) : ([]i32, []i32) =
  let ys = bumped xs
  in (ys with [0] = 0, filled x)

-- Piped into a function whose result's size is its parameter, a value gives a result of an
-- unknown size (the pipe is a function a -> (a -> b) -> b, which cannot say the dependence):
-- n |> iota is not known to have n elements, iota n is.
-- ==
-- error: Cannot apply "map2"
def offsets (n: i64) : []i64 =
  let xs = n |> iota
  in map2 (+) xs (iota n)
entry main (n: i64) : []i64 = offsets n

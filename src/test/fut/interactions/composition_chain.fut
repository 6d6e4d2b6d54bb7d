-- Forward and backward composition chains of three functions.
-- ==
-- input { 2i32 } output { 7i32 1i32 7i32 }
def f (x: i32) = x + 1
def g (x: i32) = x * 3
def h (x: i32) = x - 2
entry main (x: i32) : (i32, i32, i32) =
  ((f >-> g >-> h) x, (f <-< g <-< h) x, x |> (f >-> g) |> h)

-- A function returning a tuple of closures; the tuple is destructured and both are applied.
-- ==
-- input { 3i32 4i32 } output { 15i32 9i32 }
def pair_of_fns (k: i32) : (i32 -> i32, i32 -> i32) = (\x -> x + k, \x -> x * k)
entry main (k: i32) (x: i32) : (i32, i32) =
  let (f, g) = pair_of_fns k
  let h = (pair_of_fns (k + 1)).1
  in (f (g x), f (h x) - 10)

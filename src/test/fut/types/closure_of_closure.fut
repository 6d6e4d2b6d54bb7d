-- Closures capturing other closures, composed three levels deep, applied inside map.
-- ==
-- input { 3i32 [1i32, 2i32] }
-- output { [15i32, 18i32] }
def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)
entry main (k: i32) (xs: []i32) : []i32 =
  let add_k = \x -> x + k
  let h = compose add_k (compose (* k) add_k)
  in map h xs

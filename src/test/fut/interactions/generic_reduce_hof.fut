-- A polymorphic higher-order wrapper around reduce, used at i32, f64 and a tuple type.
-- ==
-- input { [1i32, 5i32, 3i32] [0.5f64, 0.25f64] } output { 9i32 0.75f64 5i32 1i32 }
def my_reduce 'a (op: a -> a -> a) (ne: a) (xs: []a) : a = reduce op ne xs
def minmax (a: (i32, i32)) (b: (i32, i32)) : (i32, i32) = (i32.max a.0 b.0, i32.min a.1 b.1)
entry main (xs: []i32) (ys: []f64) : (i32, f64, i32, i32) =
  let (mx, mn) = my_reduce minmax (i32.lowest, i32.highest) (map (\x -> (x, x)) xs)
  in (my_reduce (+) 0 xs, my_reduce (+) 0 ys, mx, mn)

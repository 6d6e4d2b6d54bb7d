-- A polymorphic higher-order function preserving sizes, used at two element types.
-- ==
-- input { [1i32, 3i32] [16.0f64, 81.0f64] }
-- output { [4i32, 12i32] [2.0f64, 3.0f64] }
def map_twice [n] 'a (f: a -> a) (xs: [n]a) : [n]a = map f (map f xs)
entry main (xs: []i32) (ys: []f64) : ([]i32, []f64) = (map_twice (* 2) xs, map_twice f64.sqrt ys)

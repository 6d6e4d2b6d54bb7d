-- Higher-order functions taking and applying function arguments.
-- ==
-- input { 2i32 }
-- output { 18i32 3i32 4i32 2.0f64 }
def twice 'a (f: a -> a) (x: a) : a = f (f x)
def apply_all 'a 'b (fs: (a -> b, a -> b)) (x: a) : (b, b) = (fs.0 x, fs.1 x)
entry main (x: i32) : (i32, i32, i32, f64) =
  let (a, b) = apply_all ((+ 1), (* 2)) x
  in (twice (* 3) x, a, b, twice f64.sqrt 16)

-- Polymorphic helpers over tuples of arrays, zip, reverse and unzip.
-- ==
-- input { [1i32, 2i32, 3i32] [0.5f32, 1.5f32, 2.5f32] }
-- output { [3i32, 2i32, 1i32] [2.5f32, 1.5f32, 0.5f32] [1i32, 2i32, 3i32] }
def firsts 'a 'b [n] (p: ([n]a, [n]b)) : [n]a = p.0
def pairup 'a 'b [n] (xs: [n]a) (ys: [n]b) : [n](a, b) = zip xs ys
entry main [n] (xs: [n]i32) (ys: [n]f32) : ([n]i32, [n]f32, [n]i32) =
  let (a, b) = unzip (reverse (pairup xs ys))
  in (a, b, firsts (xs, ys))

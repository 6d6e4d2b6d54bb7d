-- A constructor pattern is irrefutable where its type has no other constructor: allowed in let,
-- parameters, lambdas and loops, as in the reference.
type box = #box i32 f32
type wrap 'a = #wrap a

def unbox ((#box i f): box) : f32 = f32.i32 i + f

entry main (x: i32) : (f32, i32, i32) =
  let #box a b = #box x 1.5 : box
  let total = loop (#wrap acc) = (#wrap 0 : wrap i32) for i < x do #wrap (acc + i)
  let #wrap t = total
  in (unbox (#box a b), (\((#wrap v): wrap i32) -> v * 2) (#wrap x), t)
-- ==
-- input { 4 } output { 5.5f32 8 6 }

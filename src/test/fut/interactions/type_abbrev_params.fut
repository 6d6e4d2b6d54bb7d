-- Type abbreviations with type and size parameters in signatures of polymorphic helpers.
-- ==
-- input { [1.0f32, 2.0f32] [3.0f32, 4.0f32] } output { [4.0f32, 6.0f32] 11.0f32 3i32 4i32 }
type pair 'a = (a, a)
type vec [n] = [n]f32
def vadd [n] (a: vec [n]) (b: vec [n]) : vec [n] = map2 (+) a b
def dot [n] (a: vec [n]) (b: vec [n]) : f32 = f32.sum (map2 (*) a b)
def swap 'a (p: pair a) : pair a = (p.1, p.0)
entry main [n] (a: [n]f32) (b: [n]f32) : ([n]f32, f32, i32, i32) =
  let (x, y) = swap (4, 3)
  in (vadd a b, dot a b, x, y)

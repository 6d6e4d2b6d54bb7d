-- Type abbreviations, including nested abbreviations.
-- ==
-- input { [1.0f64, 2.0f64, 3.0f64] [4.0f64, 5.0f64, 6.0f64] }
-- output { [5.0f64, 7.0f64, 9.0f64] 32i32 }
type vec = [3]f64
type pair = (vec, i32)
def dot (a: vec) (b: vec) : f64 = f64.sum (map2 (*) a b)
entry main (a: vec) (b: vec) : pair = (map2 (+) a b, i32.f64 (dot a b))

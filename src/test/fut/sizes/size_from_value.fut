-- A size taken from a value parameter and used in a type.
-- ==
-- input { 2i64 [1.5f32, 2.5f32] }
-- output { [1.5f32, 2.5f32] }
def zeros (n: i64) : [n]f32 = replicate n 0
entry main (n: i64) (xs: []f32) : [n]f32 = map2 (+) (zeros n) (xs :> [n]f32)

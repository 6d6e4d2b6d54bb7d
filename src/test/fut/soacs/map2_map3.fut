-- map2 and map3.
-- ==
-- input { [1.0f32, 2.0f32] [3.0f32, 4.0f32] [10.0f32, 20.0f32] }
-- output { [4.0f32, 6.0f32] [13.0f32, 28.0f32] }
entry main [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) : ([]f32, []f32) =
  (map2 (+) a b, map3 (\x y z -> x * y + z) a b c)

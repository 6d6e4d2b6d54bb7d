-- A lambda checked before the array it is mapped over: its parameters' types are unknown in its
-- body, which uses fields, indexing and arithmetic of them; the arrays after it fix them.
-- ==
-- input { [1i32, 2i32, 3i32] [[1.5f32, 2.0f32], [3.0f32, 4.0f32], [0.5f32, 0.5f32]] }
-- output { [3.5f32, 8.0f32, 3.0f32] 7i32 }

def main [n] (ks: [n]i32) (vss: [n][2]f32) : ([n]f32, i32) =
  let ps = map2 (\k vs -> {k, vs}) ks vss
  let sums = map (\p -> f32.i32 p.k + p.vs[0] + p.vs[1] - f32.i32 p.k) ps
  let total = foldl (\acc p -> acc + p.k) 1 ps
  in (map2 (\s p -> s + f32.i32 p.k - 1) sums ps, total)

-- zip4/unzip4 and zip5/unzip5 round trip, with an element-wise operation in between.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32] }
-- output { [3i32, 4i32] [1i32, 2i32] [3i32, 4i32] [1i32, 2i32] [1i32, 2i32] }
entry main [n] (a: [n]i32) (b: [n]i32) : ([]i32, []i32, []i32, []i32, []i32) =
  let (p, q, r, s) = unzip4 (map (\(w, x, y, z) -> (z, y, x, w)) (zip4 a b a b))
  let (v, _, _, _, u) = unzip5 (zip5 p q r s a)
  in (v, q, r, s, u)

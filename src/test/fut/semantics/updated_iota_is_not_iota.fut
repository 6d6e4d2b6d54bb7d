-- An updated copy of an iota is not an iota: a map over its elements that indexes another array
-- by them must read those elements, not the positions (a wrong answer of the index normalisation).
entry main (n: i64) : ([]i64, []f32) =
  let perm = copy (iota n) with [1] = 3
  let vs = map (\i -> f32.i64 i * 10) (iota n)
  in (map (\i -> (iota n)[i]) perm, map (\i -> vs[i]) perm)
-- ==
-- input { 5i64 } output { [0i64, 3i64, 2i64, 3i64, 4i64] [0f32, 30f32, 20f32, 30f32, 40f32] }

-- A size that would be an expression containing itself: the tail of an array with one element
-- added has size d - 1 + 1, which is not d (the reference's wording of the occurs check of sizes).
-- ==
-- error: Occurs check: cannot instantiate "d.*" with "d.* - 1 \+ 1"
def f (mat: {col_ptr: []i64, vals: []f32}) =
  let col_ptr' = tail mat.col_ptr ++ [length mat.vals]
  in map2 (-) col_ptr' mat.col_ptr

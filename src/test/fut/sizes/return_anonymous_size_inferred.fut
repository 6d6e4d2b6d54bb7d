-- An anonymous size in a declared result ([]f32) is inferred from the body when the body's size is
-- known from the parameters, so results of such functions can be mapped; an unknown one (filter)
-- stays existential.
-- ==
-- input { 3i64 } output { [[0.0f32, 0.0f32, 0.0f32], [1.0f32, 1.0f32, 1.0f32]] 1i64 }
def row (n: i64) (x: i64) : []f32 = replicate n (f32.i64 x) :> [n]f32
def positives (xs: []i64) : []i64 = filter (> 0) xs
entry main (n: i64) = (map (row n) (iota 2), length (positives [0, n]))

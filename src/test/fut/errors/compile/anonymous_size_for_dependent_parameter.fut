-- A lambda passed where a dependent function type is expected ((n: i64) -> [n]f32 -> ...) must
-- name that size itself: an anonymous size in its parameter's annotation cannot become the
-- expected type's parameter.
-- ==
-- error: Sizes "d.*" and "n" do not match
def apply_sized (f: (n: i64) -> [n]f32 -> f32) : f32 = f 3 [1, 2, 3]

entry main : f32 = apply_sized (\k (xs: []f32) -> f32.sum xs + f32.i64 k)

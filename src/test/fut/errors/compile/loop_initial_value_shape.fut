-- A loop whose body makes its parameter square ([k][k]) cannot start from a rectangle.
-- ==
-- error: Initial loop values do not have expected type
def square_step [k] (m: [k][k]f32) : [k][k]f32 = map (map (* 2)) m
entry main [n][m] (x: [n][m]f32) : [][]f32 =
  loop x for i < 3 do square_step x[1:, 1:]

-- A constant whose inner size nothing determines would be size-polymorphic: a value binding cannot be.
-- ==
-- error: size-polymorphic value binding
def none : [][]f32 = []

entry main (x: f32) : f32 = x

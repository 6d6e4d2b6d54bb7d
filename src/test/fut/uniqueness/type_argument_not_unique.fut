-- A type argument has no uniqueness: `wrap (*[]i32)` is `wrap ([]i32)`,
-- so a parameter of that type may not be consumed.
-- ==
-- error: Consuming variable "w", which is not consumable
type wrap 'a = a
def poke (w: wrap (*[]i32)) = w with [0] = 1

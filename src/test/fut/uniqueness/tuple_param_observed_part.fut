-- The non-unique part of a partly unique tuple parameter is not consumable.
-- ==
-- error: Consuming variable "src", which is not consumable
def bump ((src, dst): ([]i32, *[]i32)) : []i32 =
  src with [0] = dst[0]
entry main (xs: []i32) (ys: *[]i32) : []i32 = bump (xs, ys)

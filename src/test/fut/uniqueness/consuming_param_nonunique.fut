-- Passing a non-unique array for a consuming parameter is a compile-time error.
-- ==
-- error: Consuming variable "ys", which is not consumable
def update (xs: *[]i32) : *[]i32 = xs with [0] = 0
entry main (ys: []i32) : []i32 = update ys

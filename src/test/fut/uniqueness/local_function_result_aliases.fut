-- A local function returning its parameter returns an alias of the argument.
-- ==
-- error: Consuming variable "xs", which is not consumable
entry main (xs: []i32) : []i32 =
  let same (ys: []i32) = ys
  let a = same xs
  in a with [0] = 1

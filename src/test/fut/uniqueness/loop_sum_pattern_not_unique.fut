-- A loop parameter that is a constructor pattern ascribed a sum type without * is not consumable:
-- updating its payload is the error, at the update (as the reference reports it), not a
-- consumption of the initial value.
-- ==
-- error: Consuming variable "zs", which is not consumable
type box [n] = #box ([n]i32)
entry main [n] (xs: [n]i32) : [n]i32 =
  let (#box ys) = loop ((#box zs) : box [n]) = (#box xs : box [n]) for i < 3 do #box (zs with [0] = i32.i64 i)
  in ys

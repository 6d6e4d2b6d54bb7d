-- A loop parameter that is a constructor pattern with a type ascription takes its names'
-- uniqueness from the ascription: ascribed a unique sum type (*box [n]), its payload may be
-- updated in place; ascribed a plain one, updating it is consuming what is not consumable (the
-- error the reference gives, at the update, not at the initial value).
-- ==
-- entry: unique
-- input { [5, 6, 7] } output { [2, 6, 7] }
type box [n] = #box ([n]i32)
entry unique [n] (xs: *[n]i32) : [n]i32 =
  let (#box ys) = loop ((#box zs) : *box [n]) = (#box xs : box [n]) for i < 3 do #box (zs with [0] = i32.i64 i)
  in ys

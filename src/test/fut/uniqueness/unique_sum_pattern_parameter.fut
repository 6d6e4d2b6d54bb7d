-- A parameter that is a constructor pattern ascribed a unique sum type (*box [n]) makes its
-- payload's names consumable, and the caller's argument (through what it aliases) consumed: using
-- it again is an error at the use, naming where it was consumed (as the reference words it).
-- ==
-- error: Using variable "xs", but this was consumed at 10:22-23
type box [n] = #box ([n]i32)
def upd [n] ((#box zs): *box [n]) : box [n] = #box (zs with [0] = 1)
entry main [n] (xs: *[n]i32) : ([n]i32, i32) =
  let b : box [n] = #box xs
  let (#box r) = upd b
  in (r, xs[0])

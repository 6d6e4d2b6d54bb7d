-- A composition f >-> g is a function whose result, of a type parameter's type, aliases its
-- argument: updating it in place consumes the argument.
-- ==
-- error: Consuming variable "xs"
def twice (xs: []i32) : []i32 =
  let ys = (map (+ 1) >-> map (* 2)) xs
  in ys with [0] = 0
entry main (xs: []i32) : []i32 = twice xs

-- An if expression without bindings is a size: the returned function's parameter has the size
-- "if b then 3 else 4" in terms of mk's own parameter, so callers can supply it.
def mk (b: bool) =
  let k = if b then 3 else 4
  in \(v: [k]i32) -> i32.sum v

entry main (b: bool) (xs: []i32) : i32 = mk b (xs :> [if b then 3 else 4]i32)
-- ==
-- input { true [1, 2, 3] } output { 6 }
-- input { false [1, 2, 3, 4] } output { 10 }
-- input { true [1, 2] } error: .*

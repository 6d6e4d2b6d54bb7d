-- The result of a lambda or local function without a return type is unique
-- when it aliases nothing the caller has, and may then be updated.
-- ==
-- input { [1i32, 2i32] } output { [5i32, 2i32] [6i32, 2i32] [1i32, 2i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32) =
  let dup = \(ys: []i32) -> copy ys
  let fresh (ys: []i32) = map (+ 0) ys
  let a = dup xs
  let b = fresh xs
  in (a with [0] = 5, b with [0] = 6, xs)

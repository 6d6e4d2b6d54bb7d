-- A returned function whose parameter's size is made inside the body can never be applied: the
-- size of ys is unknown outside the let, and the binding cannot be generalised (the reference's
-- "Unknown size ... in parameter").
-- ==
-- error: Unknown size "d[^"]*" in parameter of "mk"
def mk (xs: []i32) =
  let ys = filter (> 0) xs
  in \(v: [length ys]i32) -> i32.sum v
entry main (b: bool) : i32 = if b then 1 else 0

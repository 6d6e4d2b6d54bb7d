-- A returned function whose parameter size is computed inside the body can never be applied (the reference's "Unknown size ... in parameter").
-- ==
-- error: Unknown size "k" in parameter
def mk (b: bool) =
  let k = if b then 3 else 4
  in \(v: [k]i32) -> i32.sum v
entry main (b: bool) : i32 = if b then 1 else 0

-- The causality check rejects using a size before it is computed (the example in the User Guide).
-- ==
-- error: [Cc]ausality check
def f (b: bool) (xs: []i32) =
  let a = [] : [][]i32
  let b = [filter (> 0) xs]
  in a[0] == b[0]
entry main (xs: []i32) : bool = f true xs

-- The causality check rejects using a size before it is computed (the inner size of `early` comes from a later filter).
-- ==
-- error: [Cc]ausality check
def g (xs: []i32) : bool =
  let early = [] : [][]i32
  let late = [filter (< 0) xs]
  in early[0] == late[0]
entry main (xs: []i32) : bool = g xs

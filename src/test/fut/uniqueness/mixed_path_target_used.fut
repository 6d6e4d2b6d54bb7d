-- An update along a path consumes all of its target: the untouched field
-- may not be used afterwards either.
-- ==
-- error: "p".*consumed
def poke (p: *([]i32, []i32)) =
  let q = p with 0[0] = 1
  in (q, p.1)

-- A literal in a let pattern could fail to match; only match cases may be refutable (E0211).
-- ==
-- error: Refutable pattern
entry main (x: i32) : i32 =
  let 1 = x
  in x

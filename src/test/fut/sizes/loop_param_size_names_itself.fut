-- A loop parameter's size cannot be an expression of the loop parameter itself.
-- ==
-- error: "cur" is not in scope
entry main [n] (xs: [n]i64) : [n]i64 =
  loop cur = xs for _i < 2 do
    map2 (+) cur (iota (length cur))

-- The projection section is evaluated before the loop whose size its type names.
-- ==
-- error: Causality check: size "loop[^"]*" needed for type of projection section
entry main (n: i64) : i64 =
  let r = (.0) <| loop (acc: []i64, i) = ([], 0) for j < n do (acc ++ [j], i + 1)
  in length r

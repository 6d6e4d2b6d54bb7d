-- Two consumed loop parameters may not start as the same array.
-- ==
-- error: Argument passed for consuming parameter is self-aliased
entry main (xs: *[]i32) : ([]i32, []i32) =
  loop (a, b) = (xs, xs) for i < 2 do (a with [0] = 1, b with [1] = 2)

-- The size of a loop over a parameter without a type is the parameter's, not the one the body
-- gives: here the body's [n][n] differs from it, so the loop's result has an unknown size, which
-- is not the declared [n][n] (as in the reference, which infers the parameter's type before sizes).
-- ==
-- error: Function body does not have expected type
entry main [n] d : [n][n]i32 =
  loop d for k < n do
    tabulate_2d n n (\i j -> i32.min d[i, j] (d[i, k] + d[k, j]))

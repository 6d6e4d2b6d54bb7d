-- A local function's size parameter must be the size of a parameter or of the result, as a
-- top-level one's, whether or not the function is applied.
-- ==
-- error: Size \[n\] unused in pattern

def main (m: i64) =
  let f [n] (x: i32) = x + 1
  in m

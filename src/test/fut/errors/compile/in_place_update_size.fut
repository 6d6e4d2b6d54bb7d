-- The value of an in-place update of another size than the row it replaces: the sizes, plainly,
-- at the value.
-- ==
-- error: Sizes "n" and "i" do not match

def main [n] (i: i64) (xss: *[n][n]i64) (ys: [i]i64) =
  let xss[0] = ys
  in xss

-- Elements of an array literal of the same type but different sizes: the sizes, plainly, at the
-- element that differs from the first.
-- ==
-- error: Sizes "n" and "m" do not match

def main [n][m] (xs: [n]i64) (ys: [m]i64) = [xs, ys]

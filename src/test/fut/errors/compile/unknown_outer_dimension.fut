-- An unknown name in an array type is reported where it first occurs: the outer dimension is
-- checked before the element type.
-- ==
-- error: Unknown name "k"

def main (xs: *[k][k]i32) : i32 = xs[0, 0]

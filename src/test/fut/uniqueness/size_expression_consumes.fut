-- A size expression in a parameter type is evaluated for its value only: it may not consume.
-- ==
-- error: Consuming variable "buf", which is not consumable
def first (xs: *[]i64) : i64 = xs[0]

def g [n] (buf: *[n]i64) (ys: [first buf]i32) : i32 = ys[0]

entry main (x: i32) : i32 = x

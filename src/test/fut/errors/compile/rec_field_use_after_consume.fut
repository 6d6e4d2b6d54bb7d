-- Using a record after one of its fields was consumed reports the variable the record aliases
-- (the first of its aliases to be bound), at the whole qualified name r.b, as the reference does.
-- ==
-- error: Using variable "xs", but this was consumed at 8:12-28

def main (xs: *[]i32) : ([]i32, i32) =
  let r = {a = xs, b = 2i32}
  let ys = r.a with [0] = 3
  in (ys, r.b)

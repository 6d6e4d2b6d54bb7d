-- A record whose fields are functions; the fields are projected and applied.
-- ==
-- input { 5i32 } output { 12i32 7i32 }
def ops = {inc = \(x: i32) -> x + 1, dbl = \(x: i32) -> x * 2}
def apply_both (r: {inc: i32 -> i32, dbl: i32 -> i32}) (x: i32) : i32 = r.dbl (r.inc x)
entry main (x: i32) : (i32, i32) = (apply_both ops x, ops.inc (ops.inc x))

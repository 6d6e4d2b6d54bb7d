-- Numeric field names of records, written and projected.
-- ==
-- input { 4 } output { 9 }

def main (x: i32) =
  let r = {0 = x, 1 = x + 1}
  in r.0 + r.1

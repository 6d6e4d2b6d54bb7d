-- A size given by a suffixed literal fits a size expected as a plain literal (the reference compares
-- the two one way only: errors/compile/suffixed_size_literal.fut is the other).
-- ==
-- input { } output { [0i32, 0i32, 0i32] [0i32, 0i32] }

def mk (d: i64) : [d]i32 = replicate d 0

def main : ([3]i32, [2]i32) =
  let a : [3]i32 = mk 3i64
  in (a, replicate 2i64 0i32)

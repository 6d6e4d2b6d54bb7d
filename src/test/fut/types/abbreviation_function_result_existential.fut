-- A function type in an abbreviation whose result has an anonymous size returns arrays of any
-- size, a new one per call: here one longer than the array beside it.
-- ==
-- input { 3i64 } output { 7i64 [9, 9, 9, 9] }
-- input { 0i64 } output { 1i64 [9] }
type^ grower = ?[n].([n]i32, i32 -> []i32)

def make (n: i64) : grower = (replicate n 0, \x -> replicate (n + 1) x)

entry main (n: i64) : (i64, []i32) =
  let (zs, f) = make n
  let ys = f 9
  in (length zs + length ys, ys)

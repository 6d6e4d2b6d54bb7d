-- A result size that nothing in the body determines becomes a size parameter chosen at each use;
-- a size the body makes (filter) stays existential.
-- ==
-- input { [1i64, -2i64, 3i64] }
-- output { 2i64 [[7i32, 7i32]] }
def empties (x: i32) : [0][]i32 = []

def pos (xs: []i64) : []i64 = filter (> 0) xs

entry main (xs: []i64) : (i64, [][]i32) =
  let e : [0][2]i32 = empties 1
  let n = length (pos xs)
  in (n, e ++ [[7, 7]])

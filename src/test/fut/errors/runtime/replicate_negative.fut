-- Replicating a negative number of times is a run-time error where the array is made (compiled,
-- the reference's "Negative allocation"; interpreted, as the reference's interpreter, an invalid
-- range), never an empty array; zero times is an empty array.
-- ==
-- entry: row
-- input { 3i64 7 } output { [7, 7, 7] }
-- input { 0i64 7 } output { empty([0]i32) }
-- compiled input { -1i64 7 } error: Negative allocation
-- compiled input { -5i64 7 } error: Negative allocation

-- ==
-- entry: rows
-- input { 2i64 2i64 } output { [[1, 1], [1, 1]] }
-- compiled input { 2i64 -3i64 } error: Negative allocation
entry row (n: i64) (x: i32) : []i32 = replicate n x
entry rows (n: i64) (m: i64) : [][]i32 = replicate n (replicate m 1)

-- Scalars read from a top-level array and copies of it may be returned from functions.
-- ==
-- input { 0i64 }
-- output { 1i32 [1i32, 2i32, 3i32, 4i32] }
def table = [1i32, 2, 3, 4]
def first (_: i64) : i32 = table[0]
def fresh (_: i64) : []i32 = copy table
entry main (k: i64) : (i32, []i32) = (first k, fresh k)

-- Top-level constant definitions, typed and untyped.
-- ==
-- input { 1i32 }
-- output { 11i32 3i64 6.0f32 }
def k = 10
def m : i64 = 3
def v : []f32 = [1, 2, 3]
entry main (x: i32) : (i32, i64, f32) = (k + x, m, f32.sum v)

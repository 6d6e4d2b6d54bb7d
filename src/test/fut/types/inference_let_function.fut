-- Unannotated top-level functions get their types from their bodies.
-- ==
-- input { [1.0f64, 2.0f64, 6.0f64] 42i32 }
-- output { 3.0f64 10i32 }
def avg xs = f64.sum xs / f64.i64 (length xs)
def clamp lo hi x : i32 = i32.max lo (i32.min hi x)
entry main (xs: []f64) (y: i32) : (f64, i32) = (avg xs, clamp 0 10 y)

-- A local function with an explicit type parameter compares with == at three types (scalars and
-- arrays); local functions are not generalised otherwise, so the type parameter is what makes it
-- polymorphic.
-- ==
-- input { 1i32 2.5f64 [1i64, 2i64] }
-- output { true true true false }
-- input { 2i32 0.0f64 empty([0]i64) }
-- output { false false true true }
entry main (x: i32) (y: f64) (xs: []i64) : (bool, bool, bool, bool) =
  let same 'a (a: a) (b: a) = a == b
  in (same x 1, same y 2.5, same xs xs, same xs (map (+ 1) xs))

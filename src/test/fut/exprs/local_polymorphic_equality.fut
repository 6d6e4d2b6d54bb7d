-- A type parameter does not support equality, also of a local function (the reference's
-- checkEquality): == on values of type 'a is rejected once the function is checked.
-- ==
-- error: Comparing equality of values of type
entry main (x: i32) (y: f64) (xs: []i64) : (bool, bool, bool, bool) =
  let same 'a (a: a) (b: a) = a == b
  in (same x 1, same y 2.5, same xs xs, same xs (map (+ 1) xs))

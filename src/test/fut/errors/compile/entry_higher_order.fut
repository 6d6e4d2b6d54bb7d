-- Entry points may not take functions as parameters.
-- ==
-- error: [Hh]igher-order
entry main (f: i32 -> i32) (x: i32) : i32 = f x

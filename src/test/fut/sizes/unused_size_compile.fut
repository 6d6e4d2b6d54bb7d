-- A size parameter not used by any parameter is rejected.
-- ==
-- error: unused in pattern
def f [n] (x: i32) : i32 = x
entry main (x: i32) : i32 = f x

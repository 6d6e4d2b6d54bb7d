-- Size parameters and value parameters are one set of names.
-- ==
-- error: Name "n" also bound at

def f [n] (xs: [n]i32) (n: i64) = length xs + n

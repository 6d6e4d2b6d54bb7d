-- A name bound twice among a function's size parameters and parameters is found before the
-- parameters' types are checked, as the reference's name resolution finds it.
-- ==
-- error: Name "i" also bound at

def main [i] (ns: [n]i32) (i: i64) : i64 = i

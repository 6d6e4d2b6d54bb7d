-- An entry point's result may not have a size chosen by the caller: a size parameter that no
-- parameter determines is rejected as unused.
-- ==
-- error: Size n unused in pattern
entry main [n] (x: i32) : [0][n]i32 = []

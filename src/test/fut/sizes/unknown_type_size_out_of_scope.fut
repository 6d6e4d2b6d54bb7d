-- A parameter without a type whose sizes of its own are asked to be a later parameter: a scope
-- violation, worded as the reference does.
-- ==
-- error: Cannot link size "dv[^"]*" to "n" \(scope violation\)

def f x (n: i64) : [n]i32 = x

-- A parameter's size may not name what a tuple parameter binds: the function's type could not say it.
-- ==
-- error: Invalid use of parameters
def f (x: i64, y: i64) (A: [x]bool) = A[0] && y > 0
entry main (n: i64) : bool = f (n, n) (replicate n true)

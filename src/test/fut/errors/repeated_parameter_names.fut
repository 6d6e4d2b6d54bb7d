-- Two parameters of one function may not have the same name.
-- ==
-- error: bound twice|[Dd]uplicate|also bound
def f (x: i32) (x: i32) : i32 = x
entry main (a: i32) : i32 = f a a

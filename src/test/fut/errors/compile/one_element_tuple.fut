-- A tuple has two elements or more: a trailing comma does not make a one-element tuple.
-- ==
-- error: Unexpected token: '\)'
def f (x: i32) = (x,)

-- Applying a non-function value (too many arguments) is a type error.
-- ==
-- error: [Aa]pply|[Aa]pplied|not a function
def f (x: i32) : i32 = x + 1
entry main (x: i32) : i32 = f x x

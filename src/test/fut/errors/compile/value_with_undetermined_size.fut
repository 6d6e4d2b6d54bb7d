-- A size-polymorphic constant may not also have a size its body makes (an existential size): each
-- use would need the caller's size and the body's.
-- ==
-- error: size-polymorphic value binding may not have a type with an existential size
def bad [n] : ([n]i32, []i32) = (replicate n 0, filter (> 0) [1, -2, 3])

entry main (x: i32) : i32 = x

-- A record update of a record whose type nothing in the definition determines is ambiguous.
-- ==
-- error: is ambiguous
def f r = r with x = 0i32
entry main (x: i32) : i32 = x

-- A record update needs the full type of the record to be known.
-- ==
-- error: is not known|[Tt]ype is ambiguous
def f r : {x: i32} = r with x = 0
entry main (x: i32) : i32 = (f {x = x}).x

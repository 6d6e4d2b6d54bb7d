-- A record literal may not define the same field twice.
-- ==
-- error: Field "a" previously defined at
entry main (x: i32) : i32 = let r = {a = x, a = x} in r.a

-- A record literal may not define the same field twice.
-- ==
-- error: [Dd]uplicate field|more than once|defined twice
entry main (x: i32) : i32 = let r = {a = x, a = x} in r.a

-- A name bound inside a let ... in is not visible outside it.
-- ==
-- error: [Uu]nknown name|not in scope
entry main (x: i32) : i32 = (let y = x + 1 in y) + y

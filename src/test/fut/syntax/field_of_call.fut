-- Projecting fields from the result of a parenthesised call.
-- ==
-- input { 4i32 }
-- output { 4i32 8i32 }
def mk (x: i32) = {a = x, b = (x, x * 2)}
entry main (x: i32) : (i32, i32) = ((mk x).a, (mk x).b.1)

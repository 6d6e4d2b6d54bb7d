-- A function result may not alias a free variable.
-- ==
-- error: aliases the free variable
def xs = [1i32, 2, 3]
def f (_: i32) : []i32 = xs
entry main (x: i32) : []i32 = f x

-- A partial application that consumes what it captures may not be passed as
-- an argument.
-- ==
-- error: Argument of functional type.*contains consumption
def set (xs: *[]i32) (i: i64) : *[]i32 = xs with [i] = 1
def twice (f: i64 -> []i32) : []i32 = f 0
entry main (xs: *[]i32) : []i32 = twice (set xs)

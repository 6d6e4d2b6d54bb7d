-- A partial application that has consumed an argument is a function value containing consumption,
-- which may not be bound (E0309).
-- ==
-- error: contains consumption
def update (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 0
entry main (xs: *[]i32) : []i32 =
  let f = update xs
  in f 0

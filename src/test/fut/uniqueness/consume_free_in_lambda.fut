-- A lambda may not consume a free variable (it could be applied many times).
-- ==
-- error: Consuming variable "xs"
entry main (xs: *[]i32) (is: []i64) : [][]i32 = map (\i -> xs with [i] = 0) is

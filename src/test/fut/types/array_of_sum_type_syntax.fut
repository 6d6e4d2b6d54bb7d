-- An array type whose element is a sum type needs no parentheses: *[]#on | #off is *[](#on | #off).
-- ==
-- input { 3i64 } output { [1i32, 0i32, 1i32] }
def toggled (n: i64) : *[]#on | #off =
  let xs = replicate n #off
  in loop xs for i in [0, 2] do xs with [i] = #on
entry main (n: i64) : []i32 = map (\s -> match s case #on -> 1 case #off -> 0) (toggled n)

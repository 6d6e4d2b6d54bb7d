-- The value returned for a consumed loop parameter may not alias an array
-- from outside the loop.
-- ==
-- error: Return value for consuming loop parameter "acc" aliases "other".*consuming-loop-param-aliases
entry main (xs: *[]i32) (other: []i32) : []i32 =
  loop acc = xs for i < 2 do
    let acc[i] = 0
    in other

-- A consuming loop parameter (acc is updated in place) must not return something that aliases a
-- variable from outside the loop (E0310).
-- ==
-- error: aliases
entry main (xs: *[]i32) (ys: []i32) : []i32 =
  loop acc = xs for i < 2 do
    let acc[i] = 1
    in ys

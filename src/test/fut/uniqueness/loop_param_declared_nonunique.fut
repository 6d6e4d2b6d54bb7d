-- A loop parameter declared with a non-unique array type may not be consumed in the body.
-- ==
-- error: "acc".*not consumable
entry main (xs: *[]i32) : []i32 =
  loop (acc: []i32) = xs for i < 3 do acc with [i] = 0

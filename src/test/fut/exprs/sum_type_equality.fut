-- Values of sum types can be compared for equality.
-- ==
-- input { 1i32 }
-- output { true true }
-- input { 2i32 }
-- output { false false }
type dir = #left | #right | #up
entry main (i: i32) : (bool, bool) =
  let d : dir = if i == 0 then #left else if i == 1 then #right else #up
  in (d == #right, d != #up)

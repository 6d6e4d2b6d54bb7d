-- for loops whose bound has a small integer type give the counter that type.
-- ==
-- input { 5i8 4u16 }
-- output { 10i8 12u16 }
entry main (n: i8) (m: u16) : (i8, u16) =
  (loop s = 0i8 for i < n do s + i, loop s = 0u16 for j < m do s + j * 2)

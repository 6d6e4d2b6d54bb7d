-- Sections of comparison, bitwise and shift operators.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [false, true, true] [1i32, 0i32, 1i32] [2i32, 4i32, 8i32] [0i32, 1i32, 1i32] }
entry main (xs: []i32) : ([]bool, []i32, []i32, []i32) =
  (map (>= 2) xs, map (& 1) xs, map (1 <<) xs, map (>> 1) xs)

-- (-x) is negation, not a section; (x -) is a section.
-- ==
-- input { 5i32 }
-- output { -5i32 [4i32, 3i32] }
entry main (x: i32) : (i32, []i32) = ((-x), map (x -) [1, 2])

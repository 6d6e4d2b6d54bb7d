-- A segmented sum scan with a non-commutative operator on (flag, value) pairs.
-- ==
-- input { [true, false, false, true, false] [1i32, 2i32, 3i32, 4i32, 5i32] } output { [1i32, 3i32, 6i32, 4i32, 9i32] }
def segop (f1: bool, v1: i32) (f2: bool, v2: i32) : (bool, i32) = (f1 || f2, if f2 then v2 else v1 + v2)
entry main [n] (flags: [n]bool) (vs: [n]i32) : [n]i32 =
  (unzip (scan segop (false, 0) (zip flags vs))).1

-- reduce with +, *, max and min; an empty reduction gives the neutral element.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { 31i32 6480i32 9i32 1i32 1i32 }
entry main (xs: []i32) : (i32, i32, i32, i32, i32) =
  (reduce (+) 0 xs, reduce (*) 1 xs, reduce i32.max i32.lowest xs, reduce i32.min i32.highest xs, reduce (*) 1 (take 0 xs))

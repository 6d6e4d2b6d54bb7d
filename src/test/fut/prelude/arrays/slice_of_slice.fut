-- Slicing a slice, with strides on both levels.
-- ==
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32] }
-- output { [1i32, 3i32, 5i32] [8i32, 5i32, 2i32] }
entry main (xs: []i32) : ([]i32, []i32) = (xs[1:7][::2], xs[::-1][1::3])

-- map and reduce over strided and reversed slices.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32] }
-- output { [2i32, 6i32, 10i32, 14i32] 15i32 [5i32, 7i32, 9i32] }
entry main (xs: []i32) : ([]i32, i32, []i32) = (map (* 2) xs[::2], i32.sum xs[::-3], map2 (+) xs[0:3] (xs[3:6:1] :> [3]i32))

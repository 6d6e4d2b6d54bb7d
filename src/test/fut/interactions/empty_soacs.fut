-- Empty arrays through map, reduce, scan, filter, partition and the reductions of the int module.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i32) 0i32 empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) 0i32 1i32 -2147483648i32 2147483647i32 }
-- input { [4i32, -1i32] }
-- output { [5i32, 0i32] 3i32 [4i32, 3i32] [4i32] [4i32] [-1i32] 3i32 -4i32 4i32 -1i32 }
entry main (xs: []i32) : ([]i32, i32, []i32, []i32, []i32, []i32, i32, i32, i32, i32) =
  let (p, q) = partition (> 0) xs
  in (map (+ 1) xs, reduce (+) 0 xs, scan (+) 0 xs, filter (> 0) xs, p, q,
      i32.sum xs, i32.product xs, i32.maximum xs, i32.minimum xs)

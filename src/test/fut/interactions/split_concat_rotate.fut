-- split, concatenation and rotation (positive, negative, larger than the length).
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [3i32, 4i32, 5i32, 1i32, 2i32] [4i32, 5i32, 1i32, 2i32, 3i32] [3i32, 4i32, 5i32, 1i32, 2i32] [2i32, 3i32, 4i32] 5i32 }
entry main (xs: []i32) : ([]i32, []i32, []i32, []i32, i32) =
  let n = length xs
  let (a, b) = split (xs :> [2 + (n - 2)]i32)
  in (b ++ a, rotate (-2) xs, rotate 7 xs, init (tail xs), last xs)

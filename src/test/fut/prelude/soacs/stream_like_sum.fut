-- A segmented sum via scan and flags, written with map, scan and filter.
-- ==
-- input { [true, false, true, false, false, true] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [3i32, 12i32, 6i32] }
entry main [n] (flags: [n]bool) (xs: [n]i32) : []i32 =
  let sums = scan (\(f1, a) (f2, b) -> (f1 || f2, if f2 then b else a + b)) (false, 0) (zip flags xs)
  let ends = map (\i -> i == length xs - 1 || flags[i + 1]) (indices xs)
  in map (.1) (filter (.0) (zip ends (map (.1) sums)))

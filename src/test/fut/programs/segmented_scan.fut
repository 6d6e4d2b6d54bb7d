-- Segmented scan via a scan on (flag, value) pairs, and the segment totals picked with a short-circuit test.
-- ==
-- input { [true, false, false, true, true, false, false, false, true, false] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32] }
-- output { [1i32, 3i32, 6i32, 4i32, 5i32, 11i32, 18i32, 26i32, 9i32, 19i32] [6i32, 4i32, 26i32, 19i32] }
-- input { [false, false] [4i32, 5i32] }
-- output { [4i32, 9i32] [9i32] }
def segscan [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 =
  let op (f1: bool, x1: i32) (f2: bool, x2: i32) = (f1 || f2, if f2 then x2 else x1 + x2)
  let (_, r) = unzip (scan op (false, 0) (zip flags xs))
  in r

entry main [n] (flags: [n]bool) (xs: [n]i32) : ([n]i32, []i32) =
  let s = segscan flags xs
  let ends = map (\i -> i == n - 1 || flags[i + 1]) (iota n)
  let totals = map (.1) (filter (.0) (zip ends s))
  in (s, totals)

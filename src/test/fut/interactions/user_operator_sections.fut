-- A user-defined operator used infix, in left and right sections, prefix, and in foldl.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [11i32, 21i32, 31i32] [21i32, 22i32, 23i32] 123i32 45i32 }
def (<+>) (a: i32) (b: i32) : i32 = a * 10 + b
entry main (xs: []i32) : ([]i32, []i32, i32, i32) =
  (map (<+> 1) xs, map (2 <+>) xs, foldl (<+>) 0 xs, (<+>) 4 5)

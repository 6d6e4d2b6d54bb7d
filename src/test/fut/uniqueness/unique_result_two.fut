-- A function may return two unique results if they do not alias each other.
-- ==
-- input { [5i32, 6i32] }
-- output { [5i32, 6i32] [-1i32, 6i32] }
def split2 (xs: *[]i32) : (*[]i32, *[]i32) = (xs, copy xs with [0] = -1)
entry main (xs: *[]i32) : ([]i32, []i32) = split2 xs

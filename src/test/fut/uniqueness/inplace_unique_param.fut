-- A unique parameter can be updated in place and returned.
-- ==
-- input { [1i32, 2i32] }
-- output { [42i32, 2i32] }
def set0 (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v
entry main (xs: *[]i32) : []i32 = set0 xs 42

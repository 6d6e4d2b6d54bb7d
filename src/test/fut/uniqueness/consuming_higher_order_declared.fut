-- A higher-order parameter declared consuming may be passed a consuming function.
-- ==
-- input { [1i32, 5i32] }
-- output { [2i32, 5i32] }
def apply_c [n] 'b (f: *[n]i32 -> b) (x: *[n]i32) : b = f x
def bump [n] (xs: *[n]i32) : *[n]i32 = xs with [0] = xs[0] + 1
entry main (arr: *[]i32) : []i32 = apply_c bump arr

-- tail and init of an empty array are run-time errors.
-- ==
-- input { [1i32, 2i32] true }
-- output { [2i32] }
-- input { empty([0]i32) true }
-- error: out of bounds
-- input { empty([0]i32) false }
-- error: out of bounds
entry main (xs: []i32) (b: bool) : []i32 = if b then tail xs else init xs

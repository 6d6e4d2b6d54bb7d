-- scatter ignores writes to negative and too-large indices.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] } output { [200i32, 2i32, 400i32, 4i32] }
entry main (xs: *[]i32) : []i32 = scatter xs [-1, 0, 10, 2] [100, 200, 300, 400]

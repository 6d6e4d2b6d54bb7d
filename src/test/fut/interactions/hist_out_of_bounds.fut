-- hist ignores bins outside [0, k).
-- ==
-- input { [0i64, 1i64, 1i64, -1i64, 5i64, 4i64, 4i64, 4i64, 7i64] } output { [1i32, 2i32, 0i32, 0i32, 3i32] }
-- input { empty([0]i64) } output { [0i32, 0i32, 0i32, 0i32, 0i32] }
entry main (bins: []i64) : []i32 = hist (+) 0 5 bins (map (const 1) bins)

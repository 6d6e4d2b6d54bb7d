-- The top-level prelude names of prelude.fut, array.fut and soacs.fut: exscan, rep, not, r32/t32/r64/t64, flatmap'.
entry a (xs: []i32) : []i32 = exscan (+) 0 xs
entry b (n: i64) : [n]i32 = rep 7
entry c (xs: []bool) : []bool = map not xs
entry d (x: i32) (y: f32) (z: f64) : (f32, i32, f64, i32) = (r32 x, t32 y, r64 x, t64 z)
entry e (xs: []i64) : ([]i64, []bool, []i64, []i64) = flatmap' (\x -> filter (>= 0) (iota x)) xs
-- ==
-- entry: a
-- input { [1,2,3] } output { [0,1,3] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: b
-- input { 3i64 } output { [7,7,7] }

-- ==
-- entry: d
-- input { 3 2.7f32 -2.5f64 } output { 3f32 2 3f64 -2 }

-- ==
-- entry: e
-- input { [2i64,0i64,3i64] } output { [2i64,0i64,3i64] [true,false,true,false,false] [0i64,2i64,2i64] [0i64,1i64,0i64,1i64,2i64] }

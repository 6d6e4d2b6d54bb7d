-- reduce with an array-valued operator over zero rows gives the neutral array.
-- ==
-- input { empty([0][2]i32) }
-- output { [0i32, 0i32] }
entry main [n][m] (xss: [n][m]i32) : [m]i32 = reduce (map2 (+)) (replicate m 0) xss

-- A program with several entry points, each tested separately.
-- ==
-- entry: double
-- input { 4i32 } output { 8i32 }

-- ==
-- entry: negate
-- input { 4i32 } output { -4i32 }
entry double (x: i32) : i32 = x * 2
entry negate (x: i32) : i32 = -x

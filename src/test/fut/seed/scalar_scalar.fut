-- Scalar in, scalar out.
-- ==
-- input { 10i32 }
-- output { 55i32 }
-- input { 0i32 }
-- output { 0i32 }
entry f (n: i32) : i32 = loop acc = 0 for i < n + 1 do acc + i

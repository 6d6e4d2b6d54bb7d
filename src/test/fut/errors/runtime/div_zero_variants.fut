-- Integer %, // and %% by zero are run-time errors as well as /.
-- ==
-- input { 7i64 2i64 0i32 }
-- output { 1i64 }
-- input { 7i64 0i64 0i32 }
-- error: [Dd]ivision by zero
-- input { 7i64 0i64 1i32 }
-- error: [Dd]ivision by zero
-- input { 7i64 0i64 2i32 }
-- error: [Dd]ivision by zero
entry main (a: i64) (b: i64) (op: i32) : i64 =
  match op case 0 -> a % b
           case 1 -> a // b
           case _ -> a %% b

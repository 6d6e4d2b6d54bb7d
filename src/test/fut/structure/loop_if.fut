-- A for loop with a branch in its body: the loop, its form and the branch, by path. The
-- branches of an If are the contexts True and False.
-- ==
-- input { 5i64 } output { 7i64 }
-- input { 0i64 } output { 0i64 }
-- structure { Loop 1 Loop/For 1 Loop/If 1 If/True/BinOp 1 If/False/BinOp 1 While 0 }
entry main (n: i64) : i64 =
  loop acc = 0 for i < n do
    if i % 2 == 0 then acc + 1 else acc * 2

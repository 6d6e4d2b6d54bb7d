-- A sum-typed command built and matched in every loop iteration.
-- ==
-- input { 6i32 } output { -2i32 }
-- input { 7i32 } output { 4i32 }
type cmd = #add i32 | #mul i32 | #neg
entry main (n: i32) : i32 =
  loop acc = 1 for i < n do
    let c : cmd = if i % 3 == 0 then #add i else if i % 3 == 1 then #mul 2 else #neg
    in match c
       case #add k -> acc + k
       case #mul k -> acc * k
       case #neg -> -acc

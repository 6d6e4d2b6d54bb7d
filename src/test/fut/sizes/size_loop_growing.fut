-- A loop whose array parameter grows each iteration (its size is existential).
-- ==
-- input { 3i32 }
-- output { [1i32, 2i32, 3i32, 4i32] }
entry main (n: i32) : []i32 =
  loop xs = [1] for i < n do xs ++ [i + 2]

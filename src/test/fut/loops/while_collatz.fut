-- while loop: Collatz steps.
-- ==
-- input { 27i64 }
-- output { 111i32 }
-- input { 1i64 }
-- output { 0i32 }
entry main (n: i64) : i32 =
  let (_, steps) =
    loop (x, s) = (n, 0) while x != 1 do
      if x % 2 == 0 then (x / 2, s + 1) else (3 * x + 1, s + 1)
  in steps

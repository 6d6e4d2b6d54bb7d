-- while loops whose condition reads the loop parameters.
-- ==
-- input { 27i64 }
-- output { 1i64 111i64 }
-- input { 1i64 }
-- output { 1i64 0i64 }
entry main (n: i64) : (i64, i64) =
  loop (x, steps) = (n, 0) while x != 1 do
    (if x % 2 == 0 then x / 2 else 3 * x + 1, steps + 1)

-- A while loop (Collatz steps) inside a map, and a map inside a for loop.
-- ==
-- input { [1i32, 6i32, 7i32] } output { [0i32, 8i32, 16i32] [8i32, 48i32, 56i32] }
def steps (x: i32) : i32 =
  (loop (x, n) = (x, 0) while x != 1 do
     (if x % 2 == 0 then x / 2 else 3 * x + 1, n + 1)).1
entry main (xs: []i32) : ([]i32, []i32) =
  (map steps xs, loop ys = xs for _i < 3 do map (* 2) ys)

-- A record holding functions passed to a higher-order function.
-- ==
-- input { 3i32 }
-- output { 7i32 7i32 }
type^ ops = {f: i32 -> i32, g: i32 -> i32}
def run (o: ops) (x: i32) : i32 = o.f (o.g x)
entry main (x: i32) : (i32, i32) = (run {f = (+ 1), g = (* 2)} x, run {f = i32.abs, g = (\y -> y - 10)} x)

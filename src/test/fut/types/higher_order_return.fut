-- Functions returning closures that capture their arguments.
-- ==
-- input { 3i32 }
-- output { 8i32 9i32 [4i32, 5i32] }
def adder (k: i32) : i32 -> i32 = \x -> x + k
def scaler (k: i32) = \(x: i32) -> x * k
entry main (x: i32) : (i32, i32, []i32) = (adder 5 x, scaler 3 x, map (adder x) [1, 2])

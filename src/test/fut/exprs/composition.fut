-- Function composition >-> (left to right) and <-< (right to left).
-- ==
-- input { 5i32 }
-- output { 12i32 11i32 [22i32, 2i32] }
def inc (x: i32) = x + 1
def dbl (x: i32) = x * 2
entry main (x: i32) : (i32, i32, []i32) =
  ((inc >-> dbl) x, (inc <-< dbl) x, map (dbl >-> inc >-> dbl) [x, 0])

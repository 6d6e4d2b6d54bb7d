-- Long composition chains behave like nested application.
-- ==
-- input { [0i32, -5i32, 3i32] }
-- output { [1i32, 11i32, 5i32] [1i32, 11i32, 5i32] }
def sub3 (x: i32) = x - 3
def f = (+ 1) >-> (* 2) >-> sub3 >-> i32.abs
def g = i32.abs <-< sub3 <-< (* 2) <-< (+ 1)
entry main (xs: []i32) : ([]i32, []i32) = (map f xs, map g xs)

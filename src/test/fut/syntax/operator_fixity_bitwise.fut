-- A user operator starting with | has bitwise-or precedence (below +, *), one starting with < has comparison precedence.
-- ==
-- input { 2i32 }
-- output { 26i32 0i32 212i32 }
def (|+) (a: i32) (b: i32) : i32 = a * 10 + b
def (<&>) (a: i32) (b: i32) : i32 = a - b
entry main (x: i32) : (i32, i32, i32) = (x |+ 3 * 2, 1 + x <&> 3, x |+ 1 |+ 2)

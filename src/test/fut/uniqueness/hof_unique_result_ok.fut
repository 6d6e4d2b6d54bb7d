-- One returning a unique array may.
-- ==
-- input { [3i32, 4i32] } output { [0i32, 4i32] }
def fill [n] (f: [n]i32 -> *[n]i32) (xs: [n]i32) : *[n]i32 = f xs with [0] = 0
def fresh (ys: []i32) = copy ys
entry main (xs: []i32) : []i32 = fill fresh xs

-- A higher-order function whose function argument is size-typed.
-- ==
-- input { [1i32, 2i32] }
-- output { [2i32, 3i32] }
def apply_sized [n] (f: [n]i32 -> [n]i32) (xs: [n]i32) : [n]i32 = f xs
entry main (xs: []i32) : []i32 = apply_sized (map (+ 1)) xs

-- Neither is a constant of a type whose argument is written unique a
-- unique constant.
-- ==
-- input { } output { 3i32 }
type box 't = #box t
def boxed : box (*[]i32) = #box [1, 2]
entry main : i32 = match boxed case #box xs -> xs[0] + xs[1]

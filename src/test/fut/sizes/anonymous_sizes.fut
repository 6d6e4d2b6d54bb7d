-- Anonymous sizes [] in parameters and results get fresh sizes.
-- ==
-- input { [1i32] }
-- output { 2i64 [1i32, 1i32, 1i32, 1i32] }
def dup (xs: []i32) : []i32 = xs ++ xs
entry main (xs: []i32) : (i64, []i32) = (length (dup xs), dup (dup xs))

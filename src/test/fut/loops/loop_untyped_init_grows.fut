-- A loop whose initial value is a parameter without a type: its structure comes from the body,
-- its size is the parameter's own, so a body that grows the array makes the size variant.
-- ==
-- input { [1, 2] 2 }
-- output { [1, 2, 1, 2, 1, 2, 1, 2] }
def doubled xs (n: i32) =
  loop (xs) for _i < n do concat xs xs
entry main (xs: []i32) (n: i32) : []i32 = doubled xs n

-- `with` on a single element and on a 2-d element.
-- ==
-- input { [1i32, 2i32, 3i32] [[1i32, 2i32], [3i32, 4i32]] }
-- output { [1i32, 99i32, 3i32] [[1i32, 2i32], [-1i32, 4i32]] }
entry main (xs: *[]i32) (m: *[][]i32) : ([]i32, [][]i32) =
  (xs with [1] = 99, m with [1,0] = -1)

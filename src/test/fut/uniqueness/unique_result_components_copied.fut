-- The valid twin of unique_result_aliased_components: copy breaks the aliasing.
-- ==
-- input { [1i32, 2i32] }
-- output { [7i32, 2i32] [1i32, 2i32] }
entry main (xs: *[]i32) : (*[]i32, *[]i32) =
  let ys = copy xs
  in (xs with [0] = 7, ys)

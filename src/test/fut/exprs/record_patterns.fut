-- Record patterns in let, function parameters and lambdas, with renaming and punning.
-- ==
-- input { 3i32 -4i32 }
-- output { 7i32 7i32 [-12i32, 6i32] }
def norm1 ({x, y}: {x: i32, y: i32}) = i32.abs x + i32.abs y
entry main (a: i32) (b: i32) : (i32, i32, []i32) =
  let {x = p, y} = {x = a, y = b}
  in (p - y, norm1 {x = a, y = b}, map (\{x, y} -> x * y) [{x = a, y = b}, {x = 2, y = 3}])

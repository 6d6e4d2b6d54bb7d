-- Field punning in record expressions, let patterns and parameter patterns.
-- ==
-- input { 3i32 4i32 } output { 34i32 -1i32 }
def diff ({x, y}: {x: i32, y: i32}) : i32 = x - y
entry main (a: i32) (b: i32) : (i32, i32) =
  let r = {a, b}
  let {a, b = c} = r
  in (a * 10 + c, diff {y = b, x = a})

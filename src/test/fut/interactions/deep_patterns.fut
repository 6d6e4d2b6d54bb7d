-- Deeply nested tuple and record patterns in let, lambda and function parameters.
-- ==
-- input { 1i32 } output { 21i32 [3i32, 8i32] }
def f ((a, b): (i32, i32)) ({c, d = (e, g)}: {c: i32, d: (i32, i32)}) : i32 = a + b + c + e + g
entry main (x: i32) : (i32, []i32) =
  let ((p, q), {c, d = (e, g)}) = ((x, x + 1), {c = x + 2, d = (x + 3, x + 4)})
  in (f (p, q) {c, d = (e, g)} + x * 6, map (\{l, r} -> l + r) [{l = p, r = q}, {l = c, r = e + 1}])

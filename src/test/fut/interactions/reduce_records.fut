-- reduce over an array of records.
-- ==
-- input { [3i32, 9i32, -2i32] } output { 10i32 3i32 9i32 }
-- input { empty([0]i32) } output { 0i32 0i32 -2147483648i32 }
type acc = {sum: i32, cnt: i32, mx: i32}
def comb (a: acc) (b: acc) : acc = {sum = a.sum + b.sum, cnt = a.cnt + b.cnt, mx = i32.max a.mx b.mx}
entry main (xs: []i32) : (i32, i32, i32) =
  let r = reduce comb {sum = 0, cnt = 0, mx = i32.lowest} (map (\x -> {sum = x, cnt = 1, mx = x}) xs)
  in (r.sum, r.cnt, r.mx)

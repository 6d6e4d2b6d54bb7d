-- Arrays of sum-typed values built by map, filtered and matched in a reduction.
-- ==
-- input { [4i32, -3i32, 0i32, 7i32] } output { 11i32 2i64 -3i32 }
type item = #pos i32 | #neg i32 | #zero
def classify (x: i32) : item = if x > 0 then #pos x else if x < 0 then #neg x else #zero
def value (it: item) : i32 = match it case #pos v -> v case #neg v -> v case #zero -> 0
entry main (xs: []i32) : (i32, i64, i32) =
  let items = map classify xs
  let pos = filter (\it -> match it case #pos _ -> true case _ -> false) items
  let negsum = reduce (+) 0 (map (\it -> match it case #neg v -> v case _ -> 0) items)
  in (i32.sum (map value pos), length pos, negsum)

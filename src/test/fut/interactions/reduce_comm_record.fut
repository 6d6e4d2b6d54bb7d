-- reduce_comm over records and partition2 into three classes.
-- ==
-- input { [4i32, -2i32, 0i32, 9i32, -7i32] }
-- output { 13i32 -9i32 [4i32, 9i32] [-2i32, -7i32] [0i32] }
entry main (xs: []i32) : (i32, i32, []i32, []i32, []i32) =
  let r = reduce_comm (\a b -> {pos = a.pos + b.pos, neg = a.neg + b.neg}) {pos = 0, neg = 0}
                      (map (\x -> if x > 0 then {pos = x, neg = 0} else {pos = 0, neg = x}) xs)
  let (p, n, z) = partition2 (> 0) (< 0) xs
  in (r.pos, r.neg, p, n, z)

-- Functions returning closures that capture arrays, mapped over indices and composed.
-- ==
-- input { [10i32, 20i32, 30i32] [2i64, 0i64] } output { [30i32, 10i32] [31i32, 11i32] 60i32 }
def indexer (xs: []i32) : i64 -> i32 = \i -> xs[i]
def summer (xs: []i32) : i32 -> i32 = let s = i32.sum xs in \d -> s + d
entry main (xs: []i32) (is: []i64) : ([]i32, []i32, i32) =
  let get = indexer xs
  in (map get is, map (get >-> (+ 1)) is, summer xs 0)

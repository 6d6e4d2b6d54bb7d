-- Constructors applied inside a lambda given to map, then eliminated by a partially applied function.
-- ==
-- input { [3i32, -1i32, 0i32, 5i32] } output { [6i32, -1i32, -1i32, 10i32] }
type opt = #none | #some i32
def get (d: i32) (o: opt) : i32 = match o case #none -> d case #some v -> v
entry main (xs: []i32) : []i32 =
  let os = map (\x -> if x > 0 then #some (x * 2) else #none : opt) xs
  in map (get (-1)) os

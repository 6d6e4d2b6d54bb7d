-- A range given to a map twice (and a replicate twice): on a device the kernel takes its start
-- and step (the replicate's value) once.
-- ==
-- input { 5i64 3i32 } output { [2i64, 6i64, 12i64, 20i64] [6i32, 6i32, 6i32, 6i32, 6i32] }
entry main (n: i64) (x: i32) : ([]i64, [n]i32) =
  let r = 1..<n
  let c = replicate n x
  in (map2 (\a b -> a * (b + 1)) r r, map2 (+) c c)

-- iterate applies a function n times; iterate_while until the predicate fails.
-- ==
-- input { 2i32 }
-- output { 16i32 2i32 162i32 }
entry main (x: i32) : (i32, i32, i32) =
  (iterate 3 (* 2) x, iterate 0 (* 2) x, iterate_while (< 100) (* 3) x)

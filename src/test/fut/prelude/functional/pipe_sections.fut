-- Sections of the pipe and composition operators: (|> f), (x |>), (<-<) and (>-> g).
-- ==
-- input { 4i32 }
-- output { 5i32 12i32 13i32 10i32 }
entry main (x: i32) : (i32, i32, i32, i32) =
  ((|> (+ 1)) x, (x |>) (* 3), ((<-<) (+ 1) (* 3)) x, ((>-> (* 2)) (+ 1)) x)

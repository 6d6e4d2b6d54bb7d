-- iterate, iterate_while and iterate_until with sections and lambdas.
-- ==
-- input { 1i32 } output { 32i32 1093i32 1024i32 }
-- input { 2000i32 } output { 64000i32 2000i32 2000i32 }
entry main (x: i32) : (i32, i32, i32) =
  (iterate 5 (* 2) x, iterate_while (< 1000) (\y -> y * 3 + 1) x, iterate_until (>= 1000) (* 2) x)

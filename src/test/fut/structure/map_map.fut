-- Two maps in a row become one map whose lambda does both steps; the intermediate array is never
-- built. The structure spec (checked by 'futhark4j test --structure') pins the fusion: one map,
-- at the top of the entry point, with both operations in its lambda.
-- ==
-- input { [1, 2, 3] } output { [3, 5, 7] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- structure { Map 1 /Map 1 Map/BinOp 2 }
entry main (xs: []i32) : []i32 = map (+ 1) (map (* 2) xs)

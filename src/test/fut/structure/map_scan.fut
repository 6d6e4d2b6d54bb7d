-- A map feeding a scan is fused into the scan, as into a reduction.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [3i64, 9i64, 18i64] }
-- structure { Map 0 Scan 1 Scan/BinOp 2 }
entry main (xs: []i64) : []i64 = scan (+) 0 (map (* 3) xs)

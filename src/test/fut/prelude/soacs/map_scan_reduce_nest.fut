-- SOACs nested inside map: per-row scans and reductions.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, -5i32, 6i32]] }
-- output { [[1i32, 3i32, 6i32], [4i32, -1i32, 5i32]] [3i32, 6i32] }
entry main (m: [][]i32) : ([][]i32, []i32) = (map (scan (+) 0) m, map (reduce i32.max i32.lowest) m)

-- Index sections (.[i]) and (.[i,j]).
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [2i32, 4i32, 6i32] [1i32, 2i32] }
entry main (m: [][]i32) : ([]i32, []i32) =
  (map (.[1]) m, map (.[0]) (transpose m))

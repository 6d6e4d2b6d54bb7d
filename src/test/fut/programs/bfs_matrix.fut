-- Breadth-first search levels on an adjacency matrix: a while loop over a (distances, frontier, level) triple.
-- ==
-- input { [[false, true, false, false, true, false, false], [false, false, true, false, false, false, false], [false, false, false, true, false, false, false], [false, false, false, false, false, true, false], [false, false, false, true, false, false, false], [false, false, false, false, false, false, false], [true, false, false, false, false, false, false]] 0i64 }
-- output { [0i32, 1i32, 2i32, 2i32, 1i32, 3i32, -1i32] }
-- input { [[false, true, false, false, true, false, false], [false, false, true, false, false, false, false], [false, false, false, true, false, false, false], [false, false, false, false, false, true, false], [false, false, false, true, false, false, false], [false, false, false, false, false, false, false], [true, false, false, false, false, false, false]] 6i64 }
-- output { [1i32, 2i32, 3i32, 3i32, 2i32, 4i32, 0i32] }
-- input { [[false, true, false, false, true, false, false], [false, false, true, false, false, false, false], [false, false, false, true, false, false, false], [false, false, false, false, false, true, false], [false, false, false, true, false, false, false], [false, false, false, false, false, false, false], [true, false, false, false, false, false, false]] 5i64 }
-- output { [-1i32, -1i32, -1i32, -1i32, -1i32, 0i32, -1i32] }
entry main [n] (adj: [n][n]bool) (src: i64) : [n]i32 =
  let dist0 = (replicate n (-1i32)) with [src] = 0
  let (dist, _, _) =
    loop (dist, frontier, lvl) = (dist0, tabulate n (== src), 0i32) while or frontier do
      let next = map2 (\j d -> d < 0 && or (map2 (&&) frontier (map (\row -> row[j]) adj))) (iota n) dist
      let dist' = map2 (\nx d -> if nx then lvl + 1 else d) next dist
      in (dist', next, lvl + 1)
  in dist

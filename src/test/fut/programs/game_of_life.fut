-- Conway's game of life on a torus: neighbour counts by nested loops over literal arrays inside tabulate_2d.
-- ==
-- input { [[false, true, false, false, false, false, false, false], [false, false, true, false, false, false, false, false], [true, true, true, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, true, true, true], [false, false, false, false, false, false, false, false]] 1i32 }
-- output { [[false, false, false, false, false, false, false, false], [true, false, true, false, false, false, false, false], [false, true, true, false, false, false, false, false], [false, true, false, false, false, false, false, false], [false, false, false, false, false, false, true, false], [false, false, false, false, false, false, true, false], [false, false, false, false, false, false, true, false]] }
-- input { [[false, true, false, false, false, false, false, false], [false, false, true, false, false, false, false, false], [true, true, true, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, true, true, true], [false, false, false, false, false, false, false, false]] 4i32 }
-- output { [[false, false, false, false, false, false, false, false], [false, false, true, false, false, false, false, false], [false, false, false, true, false, false, false, false], [false, true, true, true, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, true, true, true], [false, false, false, false, false, false, false, false]] }
-- input { [[false, true, false, false, false, false, false, false], [false, false, true, false, false, false, false, false], [true, true, true, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, false, true, true, true], [false, false, false, false, false, false, false, false]] 9i32 }
-- output { [[false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false], [false, false, false, false, true, false, false, false], [false, false, false, false, true, true, false, false], [false, false, false, false, true, false, true, false], [false, false, false, true, false, false, false, false], [false, false, false, false, false, false, false, false]] }
entry main [n][m] (b: [n][m]bool) (steps: i32) : [n][m]bool =
  loop b for _s < steps do
    tabulate_2d n m (\i j ->
      let cnt = loop c = 0i32 for di in [-1i64, 0, 1] do
                  loop c for dj in [-1i64, 0, 1] do
                    if di == 0 && dj == 0 then c
                    else c + (if b[(i + di + n) % n, (j + dj + m) % m] then 1 else 0)
      in cnt == 3 || (cnt == 2 && b[i, j]))

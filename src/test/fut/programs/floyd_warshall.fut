-- All-pairs shortest paths (Floyd-Warshall): a loop over k around tabulate_2d.
-- ==
-- input { [[0i32, 3i32, 1000000i32, 7i32, 1000000i32], [8i32, 0i32, 2i32, 1000000i32, 1000000i32], [5i32, 1000000i32, 0i32, 1i32, 1000000i32], [2i32, 1000000i32, 1000000i32, 0i32, 1000000i32], [1000000i32, 1000000i32, 1000000i32, 4i32, 0i32]] }
-- output { [[0i32, 3i32, 5i32, 6i32, 1000000i32], [5i32, 0i32, 2i32, 3i32, 1000000i32], [3i32, 6i32, 0i32, 1i32, 1000000i32], [2i32, 5i32, 7i32, 0i32, 1000000i32], [6i32, 9i32, 11i32, 4i32, 0i32]] }
entry main [n] (d: [n][n]i32) : [n][n]i32 =
  loop d for k < n do
    tabulate_2d n n (\i j -> i32.min d[i, j] (d[i, k] + d[k, j]))

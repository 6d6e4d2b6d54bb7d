-- Insertion sort of every row (a while loop with in-place swaps inside a for loop, inside a map), then the rows ordered by their minimum with a stable counting of ranks and a scatter of rows.
-- ==
-- input { [[5i32, 2i32, 9i32, 1i32], [3i32, 3i32, -1i32, 0i32], [8i32, 7i32, 6i32, 5i32], [0i32, 0i32, 0i32, 1i32]] }
-- output { [[1i32, 2i32, 5i32, 9i32], [-1i32, 0i32, 3i32, 3i32], [5i32, 6i32, 7i32, 8i32], [0i32, 0i32, 0i32, 1i32]] [[-1i32, 0i32, 3i32, 3i32], [0i32, 0i32, 0i32, 1i32], [1i32, 2i32, 5i32, 9i32], [5i32, 6i32, 7i32, 8i32]] }
def insertion_sort [n] (xs: [n]i32) : [n]i32 =
  loop a = copy xs for i in 1..<n do
    let (a, _) = loop (a, j) = (a, i) while j > 0 && a[j - 1] > a[j] do
                   let t = a[j]
                   let a[j] = a[j - 1]
                   let a[j - 1] = t
                   in (a, j - 1)
    in a

entry main [r][c] (m: [r][c]i32) : ([r][c]i32, [r][c]i32) =
  let sorted = map insertion_sort m
  let key = map (\row -> row[0]) sorted
  let rank = map (\i -> i64.sum (map (\j -> if key[j] < key[i] || (key[j] == key[i] && j < i) then 1 else 0) (iota r))) (iota r)
  let ordered = scatter (replicate r (replicate c 0)) rank sorted
  in (sorted, ordered)

-- Through a pipe, sizes that do not depend on the piped value are kept: a map's result has its
-- input's size, take 2 gives two elements, replicate n gives n.
-- ==
-- input { [1, 2, 3] }
-- output { [2, 3, 4] [1, 2] [0, 0, 0] }
def bump [n] (xs: [n]i32) : [n]i32 = xs |> map (+ 1)
def first2 [n] (xs: [n]i32) : [2]i32 = xs |> take 2
def zeros (n: i64) : [n]i32 = 0 |> replicate n
entry main (xs: []i32) : ([]i32, []i32, []i32) = (bump xs, first2 xs, zeros (length xs))

-- A map over j of a redomap that reads a transpose, inside a map over i whose rows it cannot
-- take as a nest (it also reads a row of another array of the outer map): the inner map is
-- interchanged on its own and reads the transpose through its source. It is not written
-- straight into the outer map's rows: that path read the unmaterialised transpose row by row and
-- crashed (as in the conformance program tiling/tiling_2d_partial.fut, whose main this is).
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] [[5i32, 6i32, 7i32], [8i32, 9i32, 10i32]] [[[1i32, 2i32], [3i32, 4i32]], [[5i32, 6i32], [7i32, 8i32]], [[9i32, 10i32], [11i32, 12i32]]] [1i32, -1i32] } output { [[53i32, 156i32, 283i32], [158i32, 396i32, 690i32]] }
-- input { empty([0][2]i32) [[1i32], [2i32]] empty([1][2][0]i32) [1i32, 2i32] } output { empty([0][1]i32) }
def main [a] [b] [c] (xs: [a][c]i32) (ys: [c][b]i32) (zsss: [b][c][a]i32) (vs: [c]i32) =
  map2 (\xs' zss ->
          map2 (\ys' zs ->
                  #[sequential]
                  i32.sum (map2 (+)
                                vs
                                (map2 (*) zs (map2 (*) xs' ys'))))
               (transpose ys)
               zss)
       xs
       (transpose (map transpose zsss))

-- Image transforms on a 2-D i32 array: clockwise rotation (transpose of the reversed rows), horizontal flip, 2x downsampling with strided slices, a cyclic shift of every row with rotate, and a transpose of a strided view.
-- ==
-- input { [[0i32, 1i32, 2i32, 3i32, 4i32, 5i32], [10i32, 11i32, 12i32, 13i32, 14i32, 15i32], [20i32, 21i32, 22i32, 23i32, 24i32, 25i32], [30i32, 31i32, 32i32, 33i32, 34i32, 35i32]] }
-- output { [[30i32, 20i32, 10i32, 0i32], [31i32, 21i32, 11i32, 1i32], [32i32, 22i32, 12i32, 2i32], [33i32, 23i32, 13i32, 3i32], [34i32, 24i32, 14i32, 4i32], [35i32, 25i32, 15i32, 5i32]] [[5i32, 4i32, 3i32, 2i32, 1i32, 0i32], [15i32, 14i32, 13i32, 12i32, 11i32, 10i32], [25i32, 24i32, 23i32, 22i32, 21i32, 20i32], [35i32, 34i32, 33i32, 32i32, 31i32, 30i32]] [[0i32, 2i32, 4i32], [20i32, 22i32, 24i32]] [[2i32, 3i32, 4i32, 5i32, 0i32, 1i32], [12i32, 13i32, 14i32, 15i32, 10i32, 11i32], [22i32, 23i32, 24i32, 25i32, 20i32, 21i32], [32i32, 33i32, 34i32, 35i32, 30i32, 31i32]] [[10i32, 20i32, 30i32], [13i32, 23i32, 33i32]] }
entry main [h][w] (img: [h][w]i32) : ([w][h]i32, [h][w]i32, [][]i32, [h][w]i32, [][]i32) =
  let rot = transpose (reverse img)
  let flip = map reverse img
  let down = img[::2, ::2]
  let shifted = map (rotate 2) img
  let tv = transpose img[1:, ::3]
  in (rot, flip, down, shifted, tv)

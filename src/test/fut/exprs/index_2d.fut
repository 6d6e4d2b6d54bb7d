-- a[i,j] indexing, row selection a[i] and mixed slice/index a[:,j].
-- ==
-- input { [[0i32, 1i32, 2i32, 3i32], [10i32, 11i32, 12i32, 13i32], [20i32, 21i32, 22i32, 23i32]] }
-- output { 12i32 [20i32, 21i32, 22i32, 23i32] [1i32, 11i32, 21i32] [[1i32, 2i32], [11i32, 12i32]] }
entry main (m: [][]i32) : (i32, []i32, []i32, [][]i32) =
  (m[1,2], m[2], m[:,1], m[0:2,1:3])

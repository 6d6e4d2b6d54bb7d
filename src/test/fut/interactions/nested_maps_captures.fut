-- Three nested maps, each lambda capturing the parameters of the enclosing ones.
-- ==
-- input { [1i32, 2i32] [10i32, 20i32] [100i32, 200i32, 300i32] }
-- output { [[[111i32, 211i32, 311i32], [121i32, 221i32, 321i32]], [[112i32, 212i32, 312i32], [122i32, 222i32, 322i32]]] }
entry main (as: []i32) (bs: []i32) (cs: []i32) : [][][]i32 =
  map (\a -> map (\b -> map (\c -> a + b + c) cs) bs) as

-- A test block without an expected output only checks that the entry point runs: its result may
-- be opaque (an array of records cannot be shown as a value).
-- ==
-- input { [1i32, 2i32] [3.0f32, 4.0f32] }
entry main (xs: []i32) (ys: []f32) = map2 (\x y -> {x, y}) xs ys

-- map, map2, map3, map4 and map5 apply element-wise.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] [2i32, 7i32, 1i32, 8i32, 2i32, 8i32, 1i32, 8i32] }
-- output { [4i32, 2i32, 5i32, 2i32, 6i32, 10i32, 3i32, 7i32] [1i32, -6i32, 3i32, -7i32, 3i32, 1i32, 1i32, -2i32] [9i32, 8i32, 8i32, 9i32, 15i32, 81i32, 4i32, 54i32] [10i32, 16i32, 10i32, 18i32, 14i32, 34i32, 6i32, 28i32] [108i32, 49i32, 64i32, 64i32, 500i32, 46656i32, 8i32, 13824i32] }
entry main [n] (a: [n]i32) (b: [n]i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (map (+ 1) a, map2 (-) a b, map3 (\x y z -> x * y + z) a b a,
   map4 (\x y z w -> x + y + z + w) a b a b, map5 (\x y z w v -> x * y * z * w * v) a b a b a)

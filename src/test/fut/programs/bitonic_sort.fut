-- Bitonic sort of a power-of-two array: two nested while loops around a tabulate with xor partners.
-- ==
-- input { [5i32, -3i32, 12i32, 0i32, 7i32, 7i32, -20i32, 3i32, 100i32, -1i32, 4i32, 8i32, 2i32, 2i32, 9i32, -7i32] }
-- output { [-20i32, -7i32, -3i32, -1i32, 0i32, 2i32, 2i32, 3i32, 4i32, 5i32, 7i32, 7i32, 8i32, 9i32, 12i32, 100i32] }
-- input { [5i32, -3i32, 12i32, 0i32, 7i32, 7i32, -20i32, 3i32] }
-- output { [-20i32, -3i32, 0i32, 3i32, 5i32, 7i32, 7i32, 12i32] }
-- input { [3] }
-- output { [3] }
entry main [n] (xs: [n]i32) : [n]i32 =
  let (xs, _) =
    loop (xs, size) = (xs, 2i64) while size <= n do
      let (xs, _) =
        loop (xs: [n]i32, stride) = (xs, size / 2) while stride > 0 do
          let xs' = tabulate n (\i ->
                      let j = i ^ stride
                      let a = xs[i]
                      let b = xs[j]
                      let asc = (i & size) == 0
                      in if (j > i) == asc then i32.min a b else i32.max a b)
          in (xs', stride / 2)
      in (xs, size * 2)
  in xs

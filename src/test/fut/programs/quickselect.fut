-- Quickselect (k-th smallest) with Lomuto partitioning: a for loop over a range with swaps, inside a while loop on a 4-tuple.
-- ==
-- input { [7i32, 2i32, 9i32, 4i32, 4i32, 1i32, 8i32, 3i32, 6i32, 5i32, 0i32] 0i64 }
-- output { 0i32 }
-- input { [7i32, 2i32, 9i32, 4i32, 4i32, 1i32, 8i32, 3i32, 6i32, 5i32, 0i32] 3i64 }
-- output { 3i32 }
-- input { [7i32, 2i32, 9i32, 4i32, 4i32, 1i32, 8i32, 3i32, 6i32, 5i32, 0i32] 5i64 }
-- output { 4i32 }
-- input { [7i32, 2i32, 9i32, 4i32, 4i32, 1i32, 8i32, 3i32, 6i32, 5i32, 0i32] 10i64 }
-- output { 9i32 }
entry main [n] (xs: [n]i32) (k: i64) : i32 =
  let (a, _, _, _) =
    loop (a, lo, hi, found) = (copy xs, 0i64, n - 1, false) while !found do
      let pivot = a[hi]
      let (a, store) =
        loop (a, store) = (a, lo) for i in lo..<hi do
          if a[i] < pivot
          then let ai = a[i]
               let sv = a[store]
               let a[store] = ai
               let a[i] = sv
               in (a, store + 1)
          else (a, store)
      let sv = a[store]
      let a[hi] = sv
      let a[store] = pivot
      in if store == k then (a, lo, hi, true)
         else if store < k then (a, store + 1, hi, false)
         else (a, lo, store - 1, false)
  in a[k]

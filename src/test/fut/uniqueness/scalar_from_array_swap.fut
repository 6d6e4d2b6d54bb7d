-- Swapping two elements through a scalar read from the array (insertion sort on a copy); the scalar does not alias the array.
-- ==
-- input { [5i32, 2i32, 9i32, 1i32, 5i32] }
-- output { [1i32, 2i32, 5i32, 5i32, 9i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
entry main (xs: []i32) : []i32 =
  let n = length xs
  in loop a = copy xs for i < n do
       (loop (a, j) = (a, i) while j > 0 && a[j - 1] > a[j] do
          let t = a[j]
          let a[j] = a[j - 1]
          let a[j - 1] = t
          in (a, j - 1)).0

-- Sorting by recursion: quicksort returns an array of a size only known at run time (filter's),
-- mergesort keeps its declared size [n] through size-polymorphic recursion.
-- ==
-- input { [5, 3, 8, 1, 9, 2, 7, 3] }
-- output { [1, 2, 3, 3, 5, 7, 8, 9] [1, 2, 3, 3, 5, 7, 8, 9] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- input { [4, 4, 4, -1] }
-- output { [-1, 4, 4, 4] [-1, 4, 4, 4] }

def quicksort [n] (xs: [n]i32) : []i32 =
  if n <= 1 then xs
  else let p = xs[n / 2]
       in quicksort (filter (< p) xs) ++ filter (== p) xs ++ quicksort (filter (> p) xs)

def merge [n] [m] (xs: [n]i32) (ys: [m]i32) : [n + m]i32 =
  let out = replicate (n + m) 0
  let (out, _, _) =
    loop (out, i, j) = (out, 0, 0) for k < n + m do
      if j >= m || (i < n && xs[i] <= ys[j])
      then (out with [k] = xs[i], i + 1, j)
      else (out with [k] = ys[j], i, j + 1)
  in out

def mergesort [n] (xs: [n]i32) : [n]i32 =
  if n <= 1 then xs
  else let h = n / 2
       in merge (mergesort xs[:h]) (mergesort xs[h:]) :> [n]i32

entry main (xs: []i32) : ([]i32, []i32) = (quicksort xs, mergesort xs)

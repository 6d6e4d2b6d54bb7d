-- Recursion over arrays whose size changes from call to call: a sum of a shrinking array, a binary
-- search over halves, and the maximum of a split array (each call with its own size).
-- ==
-- input { [3, 1, 4, 1, 5, 9, 2, 6] 5 }
-- output { 31 true false 9 }
-- input { empty([0]i32) 1 }
-- output { 0 false false -2147483648 }
-- input { [7] 7 }
-- output { 7 true true 7 }

def sum [n] (xs: [n]i32) : i32 =
  if n == 0 then 0 else xs[0] + sum xs[1:]

-- Whether x occurs in the sorted xs.
def bsearch [n] (x: i32) (xs: [n]i32) : bool =
  if n == 0 then false
  else let m = n / 2
       in if xs[m] == x then true
          else if xs[m] < x then bsearch x xs[m + 1:]
          else bsearch x xs[:m]

def maximum [n] (xs: [n]i32) : i32 =
  if n == 0 then i32.lowest
  else if n == 1 then xs[0]
  else i32.max (maximum xs[:n / 2]) (maximum xs[n / 2:])

entry main [n] (xs: [n]i32) (x: i32) : (i32, bool, bool, i32) =
  let sorted = loop ys = copy xs for i < n do
                 loop ys for j < n - 1 - i do
                   if ys[j] > ys[j + 1] then ys with [j] = ys[j + 1] with [j + 1] = ys[j] else ys
  in (sum xs, bsearch x sorted, bsearch 7 sorted, maximum xs)

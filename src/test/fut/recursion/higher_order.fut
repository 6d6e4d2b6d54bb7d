-- Higher-order parameters passed unchanged to the recursive call: the function is specialised per
-- closure, and the values a closure captures (k and c here, an array in fold_with) are passed along.
-- ==
-- input { 4i64 3i64 3i64 [1i64, 2i64, 3i64] }
-- output { 55i64 83i64 18i64 258i64 [7i64, 13i64, 31i64] }
-- input { 0i64 5i64 1i64 empty([0]i64) }
-- output { 10i64 5i64 18i64 1i64 empty([0]i64) }

def repeat (n: i64) (f: i64 -> i64) (x: i64) : i64 =
  if n == 0 then x else repeat (n - 1) f (f x)

-- A left fold written as recursion over the index.
def fold_with (f: i64 -> i64 -> i64) (acc: i64) (i: i64) (xs: []i64) : i64 =
  if i == length xs then acc else fold_with f (f acc xs[i]) (i + 1) xs

-- A higher-order parameter in a record-free, curried position after others.
def count_while (p: i64 -> bool) (i: i64) : i64 = if p i then count_while p (i + 1) else i

-- A partial application of a recursive (first-order) function used as a map's function.
def pow (b: i64) (e: i64) : i64 = if e == 0 then 1 else b * pow b (e - 1)

entry main (n: i64) (x: i64) (k: i64) (xs: []i64) : (i64, i64, i64, i64, []i64) =
  let c = k + 1
  let weights = map (* 2) xs
  in ( repeat n (\y -> y + 1) x + repeat n (\y -> y * 2) x
     , repeat n (\y -> y * k - c) x
     , count_while (\i -> i * i < 300 - k) 0
     , fold_with (\a v -> a * c + v * weights[0]) k 0 xs + fold_with (+) 0 0 weights
     , map (\v -> pow k v + c) xs )

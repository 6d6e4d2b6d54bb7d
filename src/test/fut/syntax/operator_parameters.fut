-- A parameter may bind an operator name, ascribed or not; inside the function the operator is the
-- argument (also in sections and as a value).
-- ==
-- input { [3i32, 1i32, 2i32] } output { 7i32 [1i32, 2i32, 3i32] true }
def fold_with (+) (z: i32) (xs: []i32) : i32 = loop acc = z for x in xs do acc + x
def sorted3 't ((<=): t -> t -> bool) (a: t) (b: t) (c: t) : [3]t =
  let (a, b) = if a <= b then (a, b) else (b, a)
  let (b, c) = if b <= c then (b, c) else (c, b)
  let (a, b) = if a <= b then (a, b) else (b, a)
  in [a, b, c]
def any_with (==) (x: i32) (xs: []i32) : bool = any (== x) xs
entry main (xs: [3]i32) = (fold_with (+) 1 xs, sorted3 (<=) xs[0] xs[1] xs[2], any_with (\a b -> a % 2 == b % 2) 5 xs)

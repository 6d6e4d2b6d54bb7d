-- Size-polymorphic recursion: with a declared return type each recursive call instantiates the
-- size parameters afresh, so a function of [n] may call itself on arrays of other sizes and still
-- return its declared size.
-- ==
-- input { [1, 2, 3, 4, 5] [[1, 2], [3, 4], [5, 6]] }
-- output { [5, 4, 3, 2, 1] [9, 12] }
-- input { empty([0]i32) empty([0][3]i32) }
-- output { empty([0]i32) [0, 0, 0] }

def rev [n] (xs: [n]i32) : [n]i32 =
  if n <= 1 then xs else rev xs[n / 2:] ++ rev xs[:n / 2] :> [n]i32

-- The sums of the columns, splitting the rows in halves.
def colsums [n] [m] (a: [n][m]i32) : [m]i32 =
  if n == 0 then replicate m 0
  else if n == 1 then a[0]
  else map2 (+) (colsums a[:n / 2]) (colsums a[n / 2:])

entry main [n] [k] [m] (xs: [n]i32) (a: [k][m]i32) : ([n]i32, [m]i32) = (rev xs, colsums a)

-- A recursive function may not return a function (write its parameters as further parameters).
-- ==
-- error: Recursive function "adders" returns type.*which is not first-order
def adders (n: i64) : (i64 -> i64, i64) =
  (\x -> x + (adders (n - 1)).1, n)
entry main (x: i64) : i64 = (adders 3).0 x

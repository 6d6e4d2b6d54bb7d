-- With a higher-order parameter, the function cannot refer to itself except in a saturated call.
-- ==
-- error: Recursive reference to "walk" must be a fully saturated application
def walk (g: i32 -> i32) (n: i32) : i32 =
  if n == 0 then 0 else let w = walk in w g (n - 1)
entry main (n: i32) : i32 = walk (+ 1) n

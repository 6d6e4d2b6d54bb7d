-- A function whose result's size depends on its parameters ((n: i64) -> (m: i64) -> [n][m]t) passed
-- where the parameters cannot be named (uncurry's a -> b -> c): each application's sizes are
-- unknown, the same unknown wherever a parameter occurs.
-- ==
-- input { 2i64 3i64 } output { [[7i32, 7i32, 7i32], [7i32, 7i32, 7i32]] 6i64 }
def grid (n: i64) (m: i64) (x: i32) = replicate n (replicate m x)
def cells (n: i64) (m: i64) : ([n][m]i32, [n][m]i32 -> i64) = (replicate n (replicate m 0), \g -> length g * length g[0])
def mk = uncurry grid
def mk2 = uncurry cells
entry main (a: i64) (b: i64) =
  let (z, count) = mk2 (a, b)
  in (mk (a, b) 7, count (map (map (+ 1)) z))

-- Recursive functions in modules, polymorphic ones (one specialisation per type), one calling
-- another, a local function calling its enclosing recursive function, a recursive entry point, and
-- a recursive function under #[unsafe].
-- ==
-- input { [1i32, 2i32, 3i32] 10i64 }
-- output { 3i64 3i64 6i64 55i64 7i64 6i32 }
-- input { empty([0]i32) 0i64 }
-- output { 0i64 0i64 0i64 0i64 7i64 0i32 }

module tree = {
  -- The number of nodes of a complete binary tree of depth d.
  def nodes (d: i64) : i64 = if d == 0 then 0 else 1 + 2 * nodes (d - 1)
}

def len [n] 't (xs: [n]t) : i64 = if n == 0 then 0 else 1 + len xs[1:]

def sum_to (n: i64) : i64 =
  let step (k: i64) = k + sum_to (k - 1)
  in if n <= 0 then 0 else step n

-- Calls another recursive function.
def tri_len [n] (xs: [n]i32) : i64 = if n == 0 then 0 else len xs + tri_len xs[1:]

def total [n] (xs: [n]i32) : i32 = if n == 0 then 0 else #[unsafe] xs[0] + total xs[1:]

entry steps (n: i64) : i64 = if n <= 1 then n else steps (n - 1) + steps (n - 2)

entry main (xs: []i32) (n: i64) : (i64, i64, i64, i64, i64, i32) =
  let bs = map (> 1) xs
  in (len xs, tree.nodes (len (filter id bs)), tri_len xs, sum_to n, steps 5 + 2, total xs)

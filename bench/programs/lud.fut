-- LU decomposition (Doolittle's method, no pivoting) of a dense n x n f32 matrix.
--
-- The input is made diagonally dominant first (n is added to the diagonal), so that no
-- pivoting is needed. The result holds both factors in one matrix, as LAPACK does: the
-- strictly lower part is L (whose unit diagonal is not stored), the upper part U.
--
-- Parallelism: a sequential loop over the pivot k (n steps), each step a nested parallel
-- map over the rows and columns of the matrix that updates the trailing submatrix
-- (a rank-1 update, O(n^2) work per step, O(n^3) in all) and divides column k by the pivot.
-- ==
-- input { [[4f32, 3f32, 2f32, 1f32],
--          [2f32, 5f32, 1f32, 3f32],
--          [1f32, 2f32, 6f32, 2f32],
--          [3f32, 1f32, 2f32, 7f32]] }
-- output { [[8f32, 3f32, 2f32, 1f32],
--           [0.25f32, 8.25f32, 0.5f32, 2.75f32],
--           [0.125f32, 0.196969703f32, 9.65151501f32, 1.33333325f32],
--           [0.375f32, -0.0151515156f32, 0.130298272f32, 10.4929361f32]] }
-- random input { [64][64]f32 }
-- random input { [256][256]f32 }
-- random input { [512][512]f32 }

-- One elimination step: rows below k get their multiplier in column k and subtract that
-- multiple of row k from their columns right of k; rows up to k are left alone.
def step [n] (k: i64) (a: [n][n]f32) : [n][n]f32 =
  let row_k = a[k]
  let pivot = row_k[k]
  in map2 (\i row ->
             if i <= k then row
             else let l = row[k] / pivot
                  in map2 (\j x -> if j < k then x
                                   else if j == k then l
                                   else x - l * row_k[j])
                          (iota n) row)
          (iota n) a

def lud [n] (a: [n][n]f32) : [n][n]f32 =
  loop a for k < n do step k a

-- Adds n to the diagonal, which makes a matrix with entries in [0,1] strictly diagonally dominant.
def dominant [n] (a: [n][n]f32) : [n][n]f32 =
  map2 (\i row -> map2 (\j x -> if i == j then x + f32.i64 n else x) (iota n) row) (iota n) a

entry main [n] (a: [n][n]f32) : [n][n]f32 =
  lud (dominant a)

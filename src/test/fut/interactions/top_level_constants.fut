-- Top-level constants (an array, a record, a derived value) used inside entry points and lambdas.
-- ==
-- input { [0i64, 2i64] } output { [5i32, 9i32] 14i32 }
def table : []i32 = [5, 7, 9]
def cfg = {scale = 2i32, offset = 3i32}
def total = i32.sum table
entry main (is: []i64) : ([]i32, i32) =
  (map (\i -> table[i]) is, total * cfg.scale / cfg.offset + (cfg.offset - 1) - 1 - 1)

-- A lambda's result sized by what its body makes (a filter's result) or by a constant can be
-- passed where a function with an existential result is expected.
-- ==
-- input { [2i64, 0i64, 3i64] }
-- output { [1i64, 0i64, 2i64] [3i64, 3i64, 3i64] }
def lengths [n] 'a (f: i64 -> ?[m].[m]a) (ks: [n]i64) : [n]i64 = map (\k -> length (f k)) ks
entry main (ks: []i64) =
  (lengths (\k -> filter (> 0) (iota k)) ks,
   lengths (\_ -> iota 3) ks)

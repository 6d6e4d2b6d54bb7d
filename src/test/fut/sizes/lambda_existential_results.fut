-- A lambda's result sized by its own parameters' parts or by sizes made in its body is existential
-- (declared ?[m]. or inferred), so it can be passed where a function with an existential result is
-- expected.
-- ==
-- input { [2i64, 0i64, 3i64] }
-- output { [2i64, 0i64, 3i64] [4i64, 0i64, 6i64] }
def lengths [n] 'a (f: i64 -> ?[m].[m]a) (ks: [n]i64) : [n]i64 = map (\k -> length (f k)) ks
entry main (ks: []i64) =
  (lengths (\k : (?[m].[m]i32) -> replicate k 1i32) ks,
   lengths (\k -> let h = iota k in h ++ h) ks)

-- A function whose result's size depends on its parameter, (k: i64) -> [k]i32, is not one whose
-- result has an existential size, i64 -> ?[m].[m]i32: the size m cannot name k, which is not in
-- scope where m is introduced. A lambda's declared ?[m] is what its body gives.
-- ==
-- error: Cannot link size "m" to "k"
def lengths [n] 'a (f: i64 -> ?[m].[m]a) (ks: [n]i64) : [n]i64 = map (\k -> length (f k)) ks
entry main (ks: []i64) = lengths (\k : (?[m].[m]i32) -> replicate k 1i32) ks

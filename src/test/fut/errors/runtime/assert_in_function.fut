-- A failing assert inside a helper called from map is a run-time error.
-- ==
-- input { [4.0f64, 9.0f64] }
-- output { [2.0f64, 3.0f64] }
-- input { [4.0f64, -1.0f64] }
-- error: Assertion is false
def checked_sqrt (x: f64) : f64 = assert (x >= 0) (f64.sqrt x)
entry main (xs: []f64) : []f64 = map checked_sqrt xs

-- Negative zero equals zero but its reciprocal is negative infinity.
-- ==
-- input { 0.0f64 }
-- output { true -f64.inf false }
entry main (x: f64) : (bool, f64, bool) = let nz = -x in (nz == x, 1 / nz, f64.to_bits nz == f64.to_bits x)

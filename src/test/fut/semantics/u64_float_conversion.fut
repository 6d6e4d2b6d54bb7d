-- Conversions between u64 and f64 at the top of the u64 range.
-- ==
-- input { 18446744073709551615u64 1.0e19f64 }
-- output { 1.8446744073709552e+19f64 10000000000000000000u64 18446744073709551615u64 }
entry main (x: u64) (f: f64) : (f64, u64, u64) = (f64.u64 x, u64.f64 f, u64.i64 (-1))

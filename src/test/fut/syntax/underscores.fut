-- Underscores as digit separators in decimal and float literals.
-- ==
-- input { 1i64 }
-- output { 1000001i64 1000.0005f64 1234i32 }
entry main (x: i64) : (i64, f64, i32) =
  (1_000_000 + x, 1_000.000_5, 12_34)

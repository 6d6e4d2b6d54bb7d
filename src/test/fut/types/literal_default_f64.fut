-- Unconstrained decimal literals default to f64 (visible through precision beyond f32).
-- ==
-- input { 1.0f64 }
-- output { 0.30000000000000004f64 }
entry main (x: f64) : f64 =
  let third = 1.0 / 3.0
  in third * 3.0 - x + 0.1 + 0.2

-- A sum type with an array payload, built by an if and taken apart by match.
-- ==
-- input { [1.0f64, 2.0f64, 3.0f64] true } output { 14.0f64 }
-- input { [1.0f64, 2.0f64] false } output { 2.0f64 }
type shape [n] = #vec ([n]f64) | #scalar f64
def norm [n] (s: shape [n]) : f64 =
  match s
  case #vec v -> f64.sum (map (\x -> x * x) v)
  case #scalar x -> x
entry main [n] (xs: [n]f64) (b: bool) : f64 =
  norm ((if b then #vec xs else #scalar 2.0) : shape [n])

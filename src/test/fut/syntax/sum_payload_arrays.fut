-- A constructor's payload may be an array type written without parentheses: [2]f64 is an atomic
-- type in a sum type's clause, as in the reference's grammar.
type shape = #square [2]f64 | #cube [3]f64 | #none
type box [n] = #full [n](i32, i32) | #empty

def area (s: shape) : f64 =
  match s
  case #square xs -> xs[0] * xs[1]
  case #cube xs -> xs[0] * xs[1] * xs[2]
  case #none -> 0

def count [n] (b: box [n]) : i64 =
  match b
  case #full _ -> n
  case #empty -> 0

entry main (a: f64) (b: f64) : (f64, f64, i64) =
  (area (#square [a, b]), area (#cube [a, b, 2]), count (#full [(1, 2), (3, 4)] : box [2]))
-- ==
-- input { 2.0 3.0 } output { 6.0 12.0 2i64 }

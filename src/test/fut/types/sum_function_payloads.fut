-- Constructors may carry functions (a lifted sum type); a match applies the payload of the
-- constructor the value holds. (A branch cannot choose between such values: if-results may not be
-- of function type.)
type^ op = #unary (i32 -> i32) | #binary (i32 -> i32 -> i32) | #none

def run (o: op) (x: i32) : i32 =
  match o
  case #unary f -> f x
  case #binary g -> g x x
  case #none -> x

entry main (x: i32) : (i32, i32, i32) =
  (run (#unary (+ 1)) x, run (#binary (+)) x, run #none x)
-- ==
-- input { 3 } output { 4 6 3 }

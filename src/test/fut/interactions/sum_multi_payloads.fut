-- Sum types whose constructors carry several payloads, tuples, records and other sums.
-- ==
-- input { 3i32 } output { 7i32 6i32 4i32 12i32 }
type inner = #lit i32 | #neg
type expr = #bin i32 i32 | #pair (i32, i32) | #rec {a: i32} | #nest inner i32
def eval (e: expr) : i32 =
  match e
  case #bin x y -> x + y
  case #pair (x, y) -> x * y
  case #rec {a} -> a + 1
  case #nest (#lit k) m -> k * m
  case #nest #neg m -> -m
entry main (x: i32) : (i32, i32, i32, i32) =
  (eval (#bin x 4), eval (#pair (x, 2)), eval (#rec {a = x}), eval (#nest (#lit 4) x) + eval (#nest #neg 0))

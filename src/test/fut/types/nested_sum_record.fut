-- A sum type nested in a record nested in a sum type, matched with nested patterns.
-- ==
-- input { 4i32 }
-- output { [12i32, -4i32, 0i32] }
type inner = #a i32 | #b
type outer = #wrap {tag: inner, n: i32} | #empty
def f (o: outer) : i32 =
  match o
  case #wrap {tag = #a v, n} -> v * n
  case #wrap {tag = #b, n} -> -n
  case #empty -> 0
entry main (x: i32) : []i32 = map f [#wrap {tag = #a x, n = 3}, #wrap {tag = #b, n = x}, #empty]

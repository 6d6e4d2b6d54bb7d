-- Equality (== and !=) on tuples, records, arrays, sum types and nested combinations.
-- ==
-- input { 1i32 2i32 } output { true false true true false true true false }
type opt = #none | #some i32
entry main (a: i32) (b: i32) : (bool, bool, bool, bool, bool, bool, bool, bool) =
  ((a, b) == (1, 2), (a, b) == (b, a), {x = a, y = [b]} == {x = 1, y = [2]},
   [[a, b], [b, a]] == [[1, 2], [2, 1]], [a, b] != [1, 2],
   (#some a : opt) == #some 1, (#none : opt) != #some b, ((a, (#some b : opt)) == (a, #none)))

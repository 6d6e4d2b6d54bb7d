-- User-defined operators take their fixity from their leading characters.
-- ==
-- input { 2i32 }
-- output { 14i32 10i32 true }
def (+^) (a: i32) (b: i32) = a + b
def (*^) (a: i32) (b: i32) = a * b
def (<=>) (a: i32) (b: i32) : bool = a == b
entry main (x: i32) : (i32, i32, bool) =
  (x +^ 3 *^ 4, x *^ 3 +^ 4, x +^ 1 <=> 1 +^ x)

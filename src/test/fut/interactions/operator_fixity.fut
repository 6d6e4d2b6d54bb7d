-- User operators take their precedence from their first character; a polymorphic operator.
-- ==
-- input { 2i32 3i32 } output { 14i32 10i32 true 2i32 3i32 }
def (*^) (a: i32) (b: i32) : i32 = a * b
def (+^) (a: i32) (b: i32) : i32 = a + b
def (==>) (a: bool) (b: bool) : bool = !a || b
def (<&>) 'a 'b (x: a) (y: b) : (a, b) = (x, y)
entry main (a: i32) (b: i32) : (i32, i32, bool, i32, i32) =
  let p = a <&> b
  in (a +^ b *^ 4, a *^ b +^ 4, a > b ==> false, p.0, p.1)

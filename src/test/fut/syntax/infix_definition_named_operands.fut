-- An infix definition's operands may be plain names (def x - y = ...), also in a module's
-- backwards-compatible 'let' form, and a backquoted name defines an ordinary function.
-- ==
-- input { 1.5f64 3i32 }
-- output { -0.5f64 -0.5f64 10i32 6i32 7i32 }
module dual = {
  type t = (f64, f64)
  let negate ((x, x'): t) : t = (-x, -x')
  let (x, x') + (y, y') : t = f64.((x + y, x' + y'))
  let x - y = x + negate y
}

def x *** y = x * y + 1i32
def x `plus` y : i32 = x + y
def (`plus1`) (x: i32) (y: i32) = x + y + 1

entry main (a: f64) (b: i32) : (f64, f64, i32, i32, i32) =
  let (p, q) = dual.((a, 1) - (2, a))
  in (p, q, b *** b, plus b b, b `plus1` b)

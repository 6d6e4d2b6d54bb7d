-- A sum type with payloads of several types, in an array, matched per element.
-- ==
-- input { 1.5f64 4.0f64 }
-- output { [6.75f64, 8.0f64, 0.0f64] }
type shape = #circle f64 | #rect f64 f64 | #dot
def area (s: shape) : f64 =
  match s
  case #circle r -> 3.0 * r * r
  case #rect w h -> w * h
  case #dot -> 0.0
entry main (r: f64) (w: f64) : []f64 =
  map area [#circle r, #rect w 2.0, #dot]

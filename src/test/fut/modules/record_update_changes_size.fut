-- A record update may give a field a value of another size (the reference's updateFieldPath); a
-- size-lifted state type of a module relies on it.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 2i64, 3i64] }
module type counter = { type~ state val start : i64 -> state val grow : i64 -> state -> state val get : state -> []i64 }
module c : counter = {
  type~ state = {xs: []i64}
  def start (n: i64) : state = {xs = replicate n 0}
  def grow (n: i64) (s: state) : state = s with xs = iota n
  def get (s: state) = s.xs
}
entry main (n: i64) = c.get (c.grow n (c.start 1))

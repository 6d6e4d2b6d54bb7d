-- A constant defined by a partial application may refer to other
-- constants: it is not a function whose result aliases them.
-- ==
-- input { 2f64 } output { 17f64 }
def coeffs = [1f64, 2f64, 3f64]
def horner [n] (cs: [n]f64) (x: f64) : f64 = foldr (\c acc -> c + x * acc) 0 cs
def poly = horner coeffs
entry main (x: f64) : f64 = poly x

-- A higher-order function applied to values of a sum type.
-- ==
-- input { [2.0f64, 1.0f64] }
-- output { [2.0f64, 1.7320508075688772f64] }
type shape = #sq f64 | #circ f64
def measure (f: f64 -> f64) (s: shape) : f64 = match s case #sq a -> f (a * a) case #circ r -> f (3.0 * r * r)
entry main (xs: []f64) : []f64 = map (measure f64.sqrt) (map (\x -> if x > 1 then #sq x else #circ x) xs)

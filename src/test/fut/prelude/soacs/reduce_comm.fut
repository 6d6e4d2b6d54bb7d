-- reduce_comm with a commutative operator.
-- ==
-- input { [1.5f64, -2.0f64, 4.25f64] }
-- output { 3.75f64 4.25f64 }
entry main (xs: []f64) : (f64, f64) = (reduce_comm (+) 0 xs, reduce_comm f64.max (-f64.inf) xs)

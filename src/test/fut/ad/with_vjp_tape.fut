-- with_vjp_tape: the primal is f's second result; derivatives as with_vjp's.
-- ==
-- input { 3.0 } output { 9.0 6.0 }
def sq_tape (x: f64) : (f64, f64) = (2 * x, x * x)
entry main (x: f64) : (f64, f64) =
  let f = with_vjp_tape sq_tape (\(t, adj) -> t * adj)
  in (f x, vjp f x 1)

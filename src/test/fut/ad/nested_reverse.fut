-- Derivatives of reverse-mode derivatives: forward over reverse (a Hessian-vector product) and
-- reverse over reverse (the gradient of a function of the gradient). For
-- f (x, y) = x*x*y + sin y the gradient is (2xy, x*x + cos y), so along (1, 0) its derivative is
-- (2y, 2x), and the gradient of gx + gy = 2xy + x*x + cos y is (2y + 2x, 2x - sin y).

def f (x: f64, y: f64) : f64 = x * x * y + f64.sin y

-- ==
-- entry: hvp
-- input { 1.5f64 2.0f64 } output { 4.0f64 3.0f64 }
-- input { -1.0f64 0.5f64 } output { 1.0f64 -2.0f64 }
entry hvp (x: f64) (y: f64) : (f64, f64) = jvp (\p -> vjp f p 1) (x, y) (1, 0)

-- ==
-- entry: grad_of_grad
-- input { 1.5f64 2.0f64 } output { 7.0f64 2.0907025731743183f64 }
entry grad_of_grad (x: f64) (y: f64) : (f64, f64) =
  vjp (\p -> let (gx, gy) = vjp f p 1 in gx + gy) (x, y) 1

-- The gradient of sum (xs^3 / 3) is xs^2; the gradient of its sum is 2 xs.

-- ==
-- entry: grad_of_gradient_array
-- input { [1.0f64, 2.0f64, 3.0f64] } output { [2.0f64, 4.0f64, 6.0f64] }
entry grad_of_gradient_array [n] (xs: [n]f64) : [n]f64 =
  vjp (\ys -> f64.sum (vjp (\zs -> f64.sum (map (\z -> z * z * z / 3) zs)) ys 1)) xs 1

-- Forward-mode AD (jvp, jvp2) of scalar code: arithmetic, the f64/f32 modules, branches and loops.
-- ==
-- entry: cube
-- input { 2.0 } output { 12.0 }
-- input { -1.5 } output { 6.75 }

-- ==
-- entry: trig
-- input { 0.5 } output { 0.8775825618903728 -0.479425538604203 }

-- ==
-- entry: explog
-- input { 2.0 } output { 7.38905609893065 0.5 4.0 }

-- ==
-- entry: both
-- input { 3.0f32 } output { 9.0f32 6.0f32 }

-- ==
-- entry: branch
-- input { 2.0 } output { 4.0 }
-- input { -2.0 } output { -1.0 }

-- ==
-- entry: power
-- input { 3.0 } output { 27.0 }

-- ==
-- entry: divide
-- input { 2.0 4.0 } output { 0.25 -0.125 }

-- ==
-- entry: two_args
-- input { 2.0 3.0 } output { 1.0 1.0 }

entry cube (x: f64) : f64 = jvp (\x -> x * x * x) x 1.0

entry trig (x: f64) : (f64, f64) = (jvp f64.sin x 1, jvp f64.cos x 1)

entry explog (x: f64) : (f64, f64, f64) =
  (jvp f64.exp x 1, jvp f64.log x 1, jvp (\y -> y ** 2) x 1)

entry both (x: f32) : (f32, f32) = jvp2 (\y -> y * y) x 1

entry branch (x: f64) : f64 = jvp (\y -> if y > 0 then y * y else -y) x 1

entry power (x: f64) : f64 = jvp (\y -> loop acc = 1 for _i < 3 do acc * y) x 1

-- d(a/b) along (0, 1) is -a/b^2; along (1, 0) it is 1/b.
entry divide (a: f64) (b: f64) : (f64, f64) =
  (jvp (\(a, b) -> a / b) (a, b) (1, 0), jvp (\(a, b) -> a / b) (a, b) (0, 1))

-- An integer argument has no tangent; only the float one contributes.
entry two_args (x: f64) (y: f64) : (f64, f64) =
  (jvp (\(x, n: i32) -> x * f64.i32 n) (x, 1) (1, 0), jvp (\(p: {a: f64, b: f64}) -> p.a + p.b) {a = x, b = y} {a = 0, b = 1})

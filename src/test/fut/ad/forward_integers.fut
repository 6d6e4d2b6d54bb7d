-- Forward-mode AD of integer and boolean code, as the reference differentiates it: integers in
-- integer arithmetic (divisions truncate, shifts are products and quotients of powers of two),
-- booleans with && as a product and ! as its argument.
-- ==
-- entry: cube
-- input { 3 } output { 27 }

-- ==
-- entry: quotient
-- input { 7i64 2i64 } output { 0i64 -1i64 }

-- ==
-- entry: shifted
-- input { 5 } output { 4 }

-- ==
-- entry: converted
-- input { 3i32 } output { 6.0f64 }

-- ==
-- entry: logic
-- input { true false } output { true false }

entry cube (x: i32) : i32 = jvp (\y -> y * y * y) x 1

entry quotient (x: i64) (y: i64) : (i64, i64) =
  (jvp (\(a, b) -> a / b) (x, y) (1, 0), jvp (\(a, b) -> a / b) (x, y) (0, 1))

entry shifted (x: i32) : i32 = jvp (\y -> y << 2) x 1

entry converted (x: i32) : f64 = jvp (\y -> f64.i32 y * f64.i32 y) x 1

entry logic (a: bool) (b: bool) : (bool, bool) = (jvp (\x -> !x) a true, jvp (\x -> x && b) a true)

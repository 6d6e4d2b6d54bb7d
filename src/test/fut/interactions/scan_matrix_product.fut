-- scan with a non-commutative operator: products of 2x2 matrices stored as 4-tuples.
-- ==
-- input { [1i32, 2i32, 0i32, 1i32] [1i32, 0i32, 1i32, 2i32] [0i32, 1i32, 1i32, 3i32] [1i32, 1i32, 0i32, 4i32] }
-- output { [1i32, 3i32, 1i32, 10i32] [1i32, 1i32, 3i32, 14i32] [0i32, 1i32, 1i32, 4i32] [1i32, 1i32, 1i32, 6i32] }
def mm (a0: i32, a1: i32, a2: i32, a3: i32) (b0: i32, b1: i32, b2: i32, b3: i32) =
  (a0 * b0 + a1 * b2, a0 * b1 + a1 * b3, a2 * b0 + a3 * b2, a2 * b1 + a3 * b3)
entry main [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) : ([n]i32, [n]i32, [n]i32, [n]i32) =
  unzip4 (scan mm (1, 0, 0, 1) (zip4 a b c d))

-- Float reductions over empty arrays give their neutral elements (maximum gives -inf, minimum +inf).
-- ==
-- input { empty([0]f32) } output { 0.0f32 1.0f32 -f32.inf f32.inf 0.0f16 }
-- input { [2.0f32, -1.0f32] } output { 1.0f32 -2.0f32 2.0f32 -1.0f32 1.0f16 }
entry main (xs: []f32) : (f32, f32, f32, f32, f16) =
  (f32.sum xs, f32.product xs, f32.maximum xs, f32.minimum xs, f16.sum (map f16.f32 xs))

-- bool.i32, bool.f64 and conversions of bool to numbers via i32.bool and f32.bool.
-- ==
-- input { [0i32, 1i32, -3i32] }
-- output { [false, true, true] [0i32, 1i32, 1i32] [0.0f32, 1.0f32, 1.0f32] [false, true] }
entry main (xs: []i32) : ([]bool, []i32, []f32, []bool) =
  let bs = map bool.i32 xs
  in (bs, map i32.bool bs, map f32.bool bs, map bool.f64 [0.0, 2.5])

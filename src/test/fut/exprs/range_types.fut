-- Ranges work for the signed integer types i8, i16 and i32 as well as i64.
-- ==
-- input { 120i8 }
-- output { [120i8, 121i8, 122i8, 123i8] [-2i16, -1i16, 0i16, 1i16] [0i32, 5i32, 10i32, 15i32] }
entry main (x: i8) : ([]i8, []i16, []i32) =
  (x...x+3, -2i16..<2, 0i32..5..<20)

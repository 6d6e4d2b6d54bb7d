-- Integer values in test data wrap to their type's width, as futhark-data reads them.
-- ==
-- input { [255i8, 128i8, 32767i8] 4294967295i32 65535u16 }
-- output { [-1i8, -128i8, -1i8] -1i32 65535u16 }
entry main (xs: []i8) (y: i32) (z: u16) : ([]i8, i32, u16) = (xs, y, z)

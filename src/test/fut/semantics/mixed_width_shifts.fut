-- Shifting small types: bits shifted out of an i8/u8 are lost, not kept in a wider register.
-- ==
-- input { 255u8 100i8 }
-- output { 15u8 -28i8 15u8 -28i8 }
entry main (a: u8) (b: i8) : (u8, i8, u8, i8) = ((a << 4) >> 4, (b << 1) >> 1, (a * 16) / 16, (b * 2) / 2)

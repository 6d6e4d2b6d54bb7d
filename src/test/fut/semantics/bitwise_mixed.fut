-- Bitwise and, or, xor and not on signed and unsigned values.
-- ==
-- input { -256i16 4660u16 }
-- output { 0i16 -255i16 255i16 60875u16 60875u16 }
entry main (a: i16) (b: u16) : (i16, i16, i16, u16, u16) = (a & 0xff, a | 1, a ^ -1, b ^ 0xffff, !b)

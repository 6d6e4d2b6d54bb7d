-- Unsigned arithmetic is unsigned: wrap-around, division, comparison.
-- ==
-- input { 250u8 0u32 4294967295u32 }
-- output { 4u8 4294967295u32 2147483647u32 true }
entry main (a: u8) (z: u32) (m: u32) : (u8, u32, u32, bool) =
  (a + 10, z - 1, m / 2, m > 1)

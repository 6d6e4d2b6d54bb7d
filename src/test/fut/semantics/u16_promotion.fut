-- u16 and u8 products wrap at their own width (no signed-int overflow through C promotion).
-- ==
-- input { 65535u16 255u8 }
-- output { 1u16 1u8 65535u16 4294836225u32 }
entry main (a: u16) (b: u8) : (u16, u8, u16, u32) = (a * a, b * b, a * a * a, u32.u16 a * u32.u16 a)

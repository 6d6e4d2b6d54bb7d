-- Converting a negative signed constant into a wider unsigned type zero-extends its bits, as at run
-- time: the constant folder must agree with the generated C (found by the fuzzer, seed 1 case 2694).
-- ==
-- input { -3i8 -1i16 }
-- output { 253u16 253u16 65535u32 65535u32 4294967293u64 }
entry main (x: i8) (y: i16) : (u16, u16, u32, u32, u64) =
  (u16.i8 (-3i8), u16.i8 x, u32.i16 (-1i16), u32.i16 y, u64.i32 (-3i32))

-- Gray code of u16 values and its inverse by a while loop on (value, shifted) pairs; i8 arithmetic with wrapping checks.
-- ==
-- input { [0u16, 1u16, 2u16, 3u16, 4u16, 5u16, 200u16, 65535u16, 40000u16, 12345u16] }
-- output { [0u16, 1u16, 3u16, 2u16, 6u16, 7u16, 172u16, 32768u16, 53856u16, 10277u16] [true, true, true, true, true, true, true, true, true, true] }
def gray (x: u16) : u16 = x ^ (x >> 1)
def ungray (g: u16) : u16 =
  let (n, _) = loop (n, g) = (0u16, g) while g != 0 do (n ^ g, g >> 1)
  in n

entry main [n] (xs: [n]u16) : ([n]u16, [n]bool) =
  let gs = map gray xs
  in (gs, map2 (\x g -> ungray g == x) xs gs)

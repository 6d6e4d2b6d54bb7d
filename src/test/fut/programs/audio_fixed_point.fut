-- Audio samples in narrow integers: saturating i8 mixing by widening to i16, wrapping i8 sums, and a 4-tap FIR filter in Q4 fixed point on i16 accumulated in i32 (arithmetic shift of negative sums).
-- ==
-- entry: main
-- input { [100i8, -100i8, 50i8, 127i8, -128i8, 0i8, 64i8, -64i8, 90i8, 33i8] [60i8, -60i8, 100i8, 10i8, -10i8, 0i8, 64i8, -65i8, 90i8, -33i8] }
-- output { [127i8, -128i8, 127i8, 127i8, -128i8, 0i8, 127i8, -128i8, 127i8, 0i8] [-96i8, 96i8, -106i8, -119i8, 118i8, 0i8, -128i8, 127i8, -76i8, 0i8] }

-- ==
-- entry: filter16
-- input { [1000i16, -2000i16, 32767i16, -32768i16, 500i16, 0i16, 12345i16, -12345i16] }
-- output { [187i16, -63i16, 5831i16, 3658i16, -282i16, -3940i16, -3674i16, 1636i16] }
def sat8 (x: i16) : i8 = i8.i16 (i16.max (-128) (i16.min 127 x))

def fir [n] (taps: [4]i32) (xs: [n]i16) : [n]i16 =
  tabulate n (\i ->
    let acc = loop acc = 0i32 for k < 4 do
                let j = i - k
                in acc + taps[k] * (if j >= 0 then i32.i16 xs[j] else 0)
    in i16.i32 (acc >> 4))

entry main [n] (a: [n]i8) (b: [n]i8) : ([n]i8, [n]i8) =
  (map2 (\x y -> sat8 (i16.i8 x + i16.i8 y)) a b, map2 (+) a b)

entry filter16 [n] (xs: [n]i16) : [n]i16 = fir [3, 5, 5, 3] xs

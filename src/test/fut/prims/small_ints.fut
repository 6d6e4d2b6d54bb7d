-- i8, i16 and u16 arrays round-trip and compute.
-- ==
-- input { [1i8, -2i8, 100i8] [1000i16, -1000i16] [65535u16, 1u16] }
-- output { [2i8, -4i8, -56i8] 0i16 0u16 }
entry main (a: []i8) (b: []i16) (c: []u16) : ([]i8, i16, u16) =
  (map (* 2) a, i16.sum b, u16.sum c)

-- Shifts: << , arithmetic >> and logical >>> (a member of the integer modules only).
-- ==
-- input { 1i32 -8i32 }
-- output { -2147483648i32 -4i32 2147483644i32 }
entry main (one: i32) (m: i32) : (i32, i32, i32) = (one << 31, m >> 1, m i32.>>> 1)

-- Unconstrained integer literals default to i32 (visible through wrapping at 2^31).
-- ==
-- input { 1i32 }
-- output { -2147483648i32 }
entry main (x: i32) : i32 =
  let big = 2147483647
  in big + x

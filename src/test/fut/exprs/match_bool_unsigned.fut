-- match on bool literals and on large unsigned literals.
-- ==
-- input { true 255u8 }
-- output { 1i32 2i32 }
-- input { false 7u8 }
-- output { 0i32 0i32 }
entry main (b: bool) (x: u8) : (i32, i32) =
  (match b case true -> 1 case false -> 0, match x case 255 -> 2 case 0 -> 1 case _ -> 0)

-- match on char literals and float literals.
-- ==
-- input { 98u8 0.5f64 }
-- output { 2i32 1i32 }
-- input { 120u8 1.0f64 }
-- output { 0i32 2i32 }
entry main (c: u8) (f: f64) : (i32, i32) =
  (match c case 'a' -> 1 case 'b' -> 2 case _ -> 0,
   match f case 0.5 -> 1 case _ -> 2)

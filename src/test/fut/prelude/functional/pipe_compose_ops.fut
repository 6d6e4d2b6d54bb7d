-- |>, <|, >-> and <-< from the prelude used as first-class operators.
-- ==
-- input { 4i32 }
-- output { 5i32 8i32 15i32 }
entry main (x: i32) : (i32, i32, i32) =
  ((|>) x (+ 1), (<|) (* 2) x, ((>->) (+ 1) (* 3)) x)

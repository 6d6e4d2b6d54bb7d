-- Free layout: expressions broken over lines and indented arbitrarily.
-- ==
-- input { 1i32 2i32 }
-- output { 6i32 }
entry main
  (x: i32)
  (y: i32)
  : i32
  =
  let z =
        x
      + y
  in
  z
    *
      2

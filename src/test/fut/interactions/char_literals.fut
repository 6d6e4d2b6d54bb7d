-- Character literals are integers of their code point, here at several types.
-- ==
-- input { 0i32 } output { 97u8 122i32 10i32 39i32 1088i32 25i64 }
entry main (z: i32) : (u8, i32, i32, i32, i32, i64) =
  ('a', 'z' + z, '\n', '\'', 'р', 'z' - 'a')

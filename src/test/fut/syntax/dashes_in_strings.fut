-- Two dashes inside a string or after a char literal do not start a comment.
-- ==
-- input { 0i32 }
-- output { [97u8, 45u8, 45u8, 98u8] 45i32 }
entry main (x: i32) : ([]u8, i32) = ("a--b", '-' + x) -- this one is a comment

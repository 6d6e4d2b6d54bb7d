-- Character literals for punctuation and digits used as match patterns.
-- ==
-- input { [48u8, 43u8, 40u8, 120u8] }
-- output { [0i32, 1i32, 2i32, 3i32] }
def kind (c: u8) : i32 = match c case '0' -> 0 case '+' -> 1 case '(' -> 2 case _ -> 3
entry main (s: []u8) : []i32 = map kind s

-- Comparing a string argument with literals of the same and of other lengths.
-- ==
-- input { [97u8, 98u8, 99u8] }
-- output { true false }
-- input { [120u8, 121u8, 122u8] }
-- output { false false }
def streq [n][m] (a: [n]u8) (b: [m]u8) : bool = n == m && all id (map2 (==) a (b :> [n]u8))
entry main (s: []u8) : (bool, bool) = (streq s "abc", streq s "ab")

-- A range with a second element other than 0..1..<n and 1..2...n has an unknown length.
-- ==
-- error: unknown length of range
entry main (n: i64) : [n]i64 = 1..2..<n + 1

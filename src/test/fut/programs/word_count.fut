-- wc on a u8 array: lines, words (starts of non-space runs, found by looking at the previous byte) and bytes.
-- ==
-- input { [116u8, 104u8, 101u8, 32u8, 113u8, 117u8, 105u8, 99u8, 107u8, 32u8, 32u8, 98u8, 114u8, 111u8, 119u8, 110u8, 32u8, 102u8, 111u8, 120u8, 10u8, 106u8, 117u8, 109u8, 112u8, 115u8, 32u8, 111u8, 118u8, 101u8, 114u8, 10u8, 9u8, 116u8, 104u8, 101u8, 32u8, 108u8, 97u8, 122u8, 121u8, 32u8, 100u8, 111u8, 103u8, 32u8, 10u8] }
-- output { 3i64 9i64 47i64 }
-- input { [111u8, 110u8, 101u8] }
-- output { 0i64 1i64 3i64 }
-- input { empty([0]u8) }
-- output { 0i64 0i64 0i64 }
def is_space (c: u8) : bool = c == 32 || c == 10 || c == 9 || c == 13

entry main [n] (s: [n]u8) : (i64, i64, i64) =
  let lines = s |> map (\c -> if c == 10 then 1 else 0) |> i64.sum
  let starts = map (\i -> !(is_space s[i]) && (i == 0 || is_space s[i - 1])) (iota n)
  let words = starts |> map i64.bool |> i64.sum
  in (lines, words, n)

-- Attributes of every form the grammar has: names, unsuffixed integers, and names applied to
-- attributes (nested, several, none).
-- ==
-- input { 3i64 } output { 64i64 }

def main (x: i64) =
  let y = #[trail(a, b)] #[stripmine(2)] #[flattening(only_inner)] #[blank()] (x + 1)
  in loop (#[maxval(1337)] acc: i64) = y for i < 4 do #[unsafe] (acc * 2)

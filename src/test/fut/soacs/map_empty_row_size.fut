-- A map over no elements still has rows of its lambda's result size: mapping `replicate k` over an
-- empty array gives empty([0][k]), and a size coercion to [n][k] holds. Found by futhark4j fuzz
-- (seed 7, case 551) with the source interpreter as the oracle; the IR interpreter and the compiled
-- code gave [0][0] (and then failed the coercion): the row size named by map's type argument was
-- not visible inside the inlined prelude map.
-- ==
-- input { empty([0]i64) 1i64 } output { empty([0][1]u64) }
-- input { [5i64, 6i64] 2i64 } output { [[26u64, 26u64], [26u64, 26u64]] }

-- ==
-- entry: coerced
-- input { empty([0]i64) 3i64 } output { empty([0][3]u64) }

-- ==
-- entry: looped
-- input { empty([0]i64) empty([0]i64) 1i64 } output { empty([0][1]u64) }

entry main [n] (xs: [n]i64) (k: i64) : [n][k]u64 = map (\_ -> replicate k 26u64) xs

entry coerced [n] (xs: [n]i64) (k: i64) : [n][k]u64 = map (\_ -> replicate k 26u64) xs :> [n][k]u64

entry looped [n] [m] (xs: [n]i64) (ys: [m]i64) (k: i64) : [n][k]u64 =
  let a = loop acc = map (\_ -> replicate k 26u64) xs for _i < m do map (\x -> x) acc
  in a :> [n][k]u64

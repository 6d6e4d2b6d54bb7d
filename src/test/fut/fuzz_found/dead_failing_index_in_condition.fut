-- Found by futhark4j fuzz (seed 2, case 1575): an out-of-bounds index into an array with an empty
-- innermost dimension decides a sum-type value whose only use is in a branch that the simplifier
-- removes (its condition is the constant true), so nothing fails once the program is optimised.
-- ==
-- input { [1u64, 2u64, 3u64] }
-- output { 5.0f64 }

entry main [n] (xs: [n]u64) : f64 =
  let bs = replicate 3 (replicate 1 (replicate 0 true))
  let s : (#a u64 | #b u32) = if bs[n % 3, 0, 0] then #a 16u64 else #b 1u32
  let t : (#x f16 | #y u32) = if !false then #x 0.0f16 else #y (match s case #a _ -> 1u32 case #b y -> y)
  in (match t case #x _ -> -1.5f64 case #y _ -> 8.25f64) + 6.5f64

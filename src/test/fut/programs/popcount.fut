-- Population count of u64 via a 256-entry table built by tabulate, checked against u64.popc; bit reversal by a loop of shifts.
-- ==
-- input { [0u64, 1u64, 255u64, 9223372036854775808u64, 18446744073709551615u64, 81985529216486895u64, 12345678901234567890u64] }
-- output { [0i32, 1i32, 8i32, 1i32, 64i32, 32i32, 32i32] [0i32, 1i32, 8i32, 1i32, 64i32, 32i32, 32i32] [0u64, 9223372036854775808u64, 18374686479671623680u64, 1u64, 18446744073709551615u64, 17848844570815808640u64, 5427111154114964181u64] }
entry main [n] (xs: [n]u64) : ([n]i32, [n]i32, [n]u64) =
  let tbl = tabulate 256 (\i -> loop c = 0i32 for b < 8 do c + i32.i64 ((i >> b) & 1))
  let by_table = map (\x -> loop c = 0 for k < 8 do c + tbl[i64.u64 ((x >> u64.i64 (8 * k)) & 0xff)]) xs
  let reversed = map (\x -> loop r = 0u64 for b < 64 do (r << 1) | ((x >> u64.i32 b) & 1)) xs
  in (by_table, map u64.popc xs, reversed)

-- Odd-even transposition sort on f32: n phases, each a tabulate comparing with the neighbour.
-- ==
-- input { [3.5f32, -1.25f32, 9.0f32, 0.5f32, 2.0f32, -7.75f32, 4.0f32, 4.0f32, 1.5f32] }
-- output { [-7.75f32, -1.25f32, 0.5f32, 1.5f32, 2.0f32, 3.5f32, 4.0f32, 4.0f32, 9.0f32] }
-- input { [3.5f32, -1.25f32] }
-- output { [-1.25f32, 3.5f32] }
entry main [n] (xs: [n]f32) : [n]f32 =
  loop xs for p < n do
    tabulate n (\i ->
      let partner = if i % 2 == p % 2 then i + 1 else i - 1
      in if partner < 0 || partner >= n then xs[i]
         else if partner > i then f32.min xs[i] xs[partner]
         else f32.max xs[i] xs[partner])

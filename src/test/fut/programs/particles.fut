-- Particles in a box: positions and velocities as [n][3] f64 arrays through a loop of five steps (rows of inner maps), reflections at the walls, then the centroid and a count of particles outside.
-- ==
-- input { 20000i64 5i32 }
-- output { [5.0000924999999965f64, 5.000199999999998f64, 5.000337499999999f64] 427i64 }
entry main (n: i64) (steps: i32) : ([3]f64, i64) =
  let ps0 = tabulate_2d n 3 (\i d -> f64.i64 ((i * 37 + d * 11) % 101) / 10)
  let vs0 = tabulate_2d n 3 (\i d -> f64.i64 ((i + d) % 7 - 3) * 0.5)
  let (ps, _) =
    loop (ps, vs) = (ps0, vs0) for _s < steps do
      let ps' = map2 (\p v -> map2 (\x dx -> x + 0.1 * dx) p v) ps vs
      let vs' = map2 (\p v -> map2 (\x dx -> if x < 0 || x > 10 then -dx else dx) p v) ps' vs
      in (ps', vs')
  let centroid = map (\col -> f64.sum col / f64.i64 n) (transpose ps)
  let outside = map (\p -> if any (\x -> x < 0 || x > 10) p then 1 else 0) ps |> i64.sum
  in (centroid, outside)

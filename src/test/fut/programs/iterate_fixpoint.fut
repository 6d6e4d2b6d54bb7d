-- Fixed points with iterate_while on a record state (Heron square roots with a step counter) and iterate for a fixed number of LCG steps.
-- ==
-- entry: main
-- input { [2.0f64, 10.0f64, 0.5f64, 144.0f64] }
-- output { [1.4142135623746899f64, 3.162277660168379f64, 0.7071067811873449f64, 12.0f64] [4i32, 6i32, 4i32, 8i32] }

-- ==
-- entry: lcg
-- input { 0i32 42u32 }
-- output { 42u32 }
-- input { 1000i32 42u32 }
-- output { 3511197474u32 }
type st = {x: f64, n: i32}

entry main [k] (cs: [k]f64) : ([k]f64, [k]i32) =
  let run c = iterate_while (\(s: st) -> f64.abs (s.x * s.x - c) > 1e-9 && s.n < 60)
                            (\(s: st) -> {x = 0.5 * (s.x + c / s.x), n = s.n + 1})
                            {x = 1, n = 0}
  let rs = map run cs
  in (map (.x) rs, map (.n) rs)

entry lcg (steps: i32) (seed: u32) : u32 = iterate steps (\s -> s * 1103515245 + 12345) seed

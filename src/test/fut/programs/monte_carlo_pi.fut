-- Monte Carlo estimate of pi: a u32 LCG per element carried through a loop inside a map over 20000 elements.
-- ==
-- input { 20000i64 8i32 }
-- output { 125604i64 3.1401f64 }
-- input { 3i64 2i32 }
-- output { 6i64 4.0f64 }
def lcg (s: u32) : u32 = s * 1664525 + 1013904223

entry main (n: i64) (m: i32) : (i64, f64) =
  let hits = map (\i ->
                   let (_, h) =
                     loop (s, h) = (u32.i64 i * 2654435761 + 1, 0i64) for _j < m do
                       let s1 = lcg s
                       let s2 = lcg s1
                       let x = f64.u32 (s1 >> 8) / 16777216
                       let y = f64.u32 (s2 >> 8) / 16777216
                       in (s2, if x * x + y * y <= 1 then h + 1 else h)
                   in h) (iota n)
  let total = i64.sum hits
  in (total, 4 * f64.i64 total / f64.i64 (n * i64.i32 m))

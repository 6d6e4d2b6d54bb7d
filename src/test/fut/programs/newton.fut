-- Newton iteration through a higher-order helper taking f and its derivative as lambdas, with a do-while style loop on a record.
-- ==
-- input { [2.0f64, 9.0f64, 0.25f64, 1000000.0f64, 1.0f64] }
-- output { [1.414213562373095f64, 3.0f64, 0.5f64, 1000.0f64, 1.0f64] [6i32, 7i32, 6i32, 16i32, 1i32] }
def newton (f: f64 -> f64) (df: f64 -> f64) (x0: f64) : (f64, i32) =
  let step (s: {x: f64, dx: f64, it: i32}) =
    let dx = f s.x / df s.x
    in {x = s.x - dx, dx, it = s.it + 1}
  let s = loop s = step {x = x0, dx = 0, it = 0} while f64.abs s.dx > 1e-12 && s.it < 100 do step s
  in (s.x, s.it)

entry main [n] (cs: [n]f64) : ([n]f64, [n]i32) =
  unzip (map (\c -> newton (\x -> x * x - c) (\x -> 2 * x) (if c > 1 then c else 1)) cs)

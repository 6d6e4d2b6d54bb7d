-- N-body steps with 3-vectors as records and user operators (+^, -^, *^), positions and velocities as arrays of records through a loop.
-- ==
-- input { [0.0f64, 1.0f64, 0.0f64, -1.0f64, 0.5f64] [0.0f64, 0.0f64, 1.0f64, 0.5f64, -1.0f64] [0.0f64, 0.5f64, -0.5f64, 0.0f64, 1.0f64] [10.0f64, 1.0f64, 1.0f64, 2.0f64, 0.5f64] 0.01f64 1i32 }
-- output { [-6.334573462765286e-05f64, 0.9992185738396735f64, -8.713225653187528e-05f64, -0.9992123859911933f64, 0.49985357549104326f64] [0.0001266914692553057f64, 2.64337951493423e-06f64, 0.9992138967748074f64, 0.49966240731644135f64, -0.9996165389595162f64] [1.4716595248622556e-05f64, 0.4996303631403714f64, -0.4995689220470535f64, -1.78603920516482e-05f64, 0.9996542274765984f64] }
-- input { [0.0f64, 1.0f64, 0.0f64, -1.0f64, 0.5f64] [0.0f64, 0.0f64, 1.0f64, 0.5f64, -1.0f64] [0.0f64, 0.5f64, -0.5f64, 0.0f64, 1.0f64] [10.0f64, 1.0f64, 1.0f64, 2.0f64, 0.5f64] 0.01f64 10i32 }
-- output { [-0.003555349741974038f64, 0.956450955183694f64, -0.004863798693382878f64, -0.9559874389092865f64, 0.49188243749600447f64] [0.007082349573248598f64, 0.00020108692323366845f64, 0.9560617449779345f64, 0.481150172326752f64, -0.9787733445743161f64] [0.0008025996598977131f64, 0.4794049027770262f64, -0.4758925175464847f64, -0.0009874976443574079f64, 0.9808732269183921f64] }
type vec = {x: f64, y: f64, z: f64}
def (+^) (a: vec) (b: vec) : vec = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def (-^) (a: vec) (b: vec) : vec = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def (*^) (s: f64) (v: vec) : vec = {x = s * v.x, y = s * v.y, z = s * v.z}
def dot (a: vec) (b: vec) : f64 = a.x * b.x + a.y * b.y + a.z * b.z
def zero : vec = {x = 0, y = 0, z = 0}

def accel [n] (ps: [n]vec) (ms: [n]f64) (p: vec) : vec =
  map2 (\q m -> let r = q -^ p
                let d2 = dot r r + 0.01
                in (m / (d2 * f64.sqrt d2)) *^ r) ps ms
  |> reduce (+^) zero

entry main [n] (xs: [n]f64) (ys: [n]f64) (zs: [n]f64) (ms: [n]f64) (dt: f64) (steps: i32) : ([n]f64, [n]f64, [n]f64) =
  let ps0 = map3 (\x y z -> {x, y, z}) xs ys zs
  let (ps, _) =
    loop (ps, vs) = (ps0, replicate n zero) for _s < steps do
      let acc = map (accel ps ms) ps
      let vs' = map2 (\v a -> v +^ dt *^ a) vs acc
      in (map2 (\p v -> p +^ dt *^ v) ps vs', vs')
  in (map (.x) ps, map (.y) ps, map (.z) ps)

-- Softened gravitational accelerations of n bodies (one step's forces, no integration):
--   a_i = sum_j m_j (r_j - r_i) / (|r_j - r_i|^2 + eps^2)^(3/2)
-- a map over bodies of a reduction over bodies. Compute-bound (n^2 interactions, n = 16384).
-- ==
-- entry: nbody nbody_zip
-- input { [0.0f32, 1.0f32, 0.0f32] [0.0f32, 0.0f32, 2.0f32] [0.0f32, 0.0f32, 0.0f32]
--         [1.0f32, 2.0f32, 0.5f32] }
-- output { [1.9997003f32, -1.0445702f32, 0.17888007f32]
--          [0.124995306f32, 0.08944003f32, -0.6077508f32]
--          [0.0f32, 0.0f32, 0.0f32] }
-- random input { [16384]f32 [16384]f32 [16384]f32 [16384]f32 }

def eps2 : f32 = 1e-4f32

def accel (xi: f32, yi: f32, zi: f32) (xj: f32) (yj: f32) (zj: f32) (mj: f32) : (f32, f32, f32) =
  let dx = xj - xi
  let dy = yj - yi
  let dz = zj - zi
  let d2 = dx * dx + dy * dy + dz * dz + eps2
  let inv = 1f32 / f32.sqrt d2
  let s = mj * (inv * inv * inv)
  in (dx * s, dy * s, dz * s)

def vadd (ax: f32, ay: f32, az: f32) (bx: f32, by: f32, bz: f32) : (f32, f32, f32) =
  (ax + bx, ay + by, az + bz)

entry nbody [n] (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32) : ([n]f32, [n]f32, [n]f32) =
  unzip3 (map3 (\xi yi zi -> reduce vadd (0f32, 0f32, 0f32) (map4 (accel (xi, yi, zi)) xs ys zs ms))
               xs ys zs)

-- The same forces in another spelling (Kernel#spellings): zipped bodies as tuples.

entry nbody_zip [n] (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32) : ([n]f32, [n]f32, [n]f32) =
  let bodies = zip4 xs ys zs ms
  in unzip3 (map (\(xi, yi, zi, _) ->
                   reduce vadd (0f32, 0f32, 0f32) (map (\(xj, yj, zj, mj) -> accel (xi, yi, zi) xj yj zj mj) bodies))
                 bodies)

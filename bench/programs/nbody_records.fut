-- Gravitational n-body simulation with bodies as records.
--
-- A body is {pos: vec3, vel: vec3, mass: f32}, with vec3 = {x: f32, y: f32, z: f32}. Each of
-- `steps` time steps computes the acceleration of every body from all the others (Newtonian
-- gravity with G = 1 and Plummer softening eps^2 = 0.01, so that close encounters stay finite
-- and a body exerts no force on itself) and then advances velocities and positions by
-- semi-implicit Euler with time step dt. Returns the final positions and velocities.
--
-- Parallelism: a sequential loop over time steps; in each, a map over bodies of a reduction
-- over all bodies (n^2 interactions, compute-bound), with records of records as elements,
-- then a map that integrates.
-- ==
-- input { 3i32 0.1f32
--         [0f32, 1f32, 0f32] [0f32, 0f32, 2f32] [0f32, 0.5f32, -1f32]
--         [0f32, 0f32, 0.5f32] [0f32, 1f32, 0f32] [0.1f32, 0f32, -0.2f32]
--         [1f32, 2f32, 0.5f32] }
-- output { [0.0876927376f32, 0.954605162f32, 0.156193987f32]
--          [0.0115966452f32, 0.300020397f32, 1.9767251f32]
--          [0.070487082f32, 0.475910753f32, -1.0446173f32]
--          [0.446424007f32, -0.230999738f32, 0.531150997f32]
--          [0.0743530989f32, 0.992122114f32, -0.117194846f32]
--          [0.304636776f32, -0.122092582f32, -0.120903164f32] }
-- random input { 4i32 0.01f32 [2048]f32 [2048]f32 [2048]f32
--                [2048]f32 [2048]f32 [2048]f32 [2048]f32 }
-- random input { 2i32 0.01f32 [3000]f32 [3000]f32 [3000]f32
--                [3000]f32 [3000]f32 [3000]f32 [3000]f32 }

type vec3 = {x: f32, y: f32, z: f32}
type body = {pos: vec3, vel: vec3, mass: f32}

def vzero : vec3 = {x = 0, y = 0, z = 0}
def vadd (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def vsub (a: vec3) (b: vec3) : vec3 = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def vscale (s: f32) (a: vec3) : vec3 = {x = s * a.x, y = s * a.y, z = s * a.z}
def vdot (a: vec3) (b: vec3) : f32 = a.x * b.x + a.y * b.y + a.z * b.z

def eps2 : f32 = 0.01

-- The acceleration of body b caused by body o.
def accel (b: body) (o: body) : vec3 =
  let r = vsub o.pos b.pos
  let d2 = vdot r r + eps2
  let inv = 1 / f32.sqrt d2
  in vscale (o.mass * inv * inv * inv) r

def step [n] (dt: f32) (bodies: [n]body) : [n]body =
  let accs = map (\b -> reduce vadd vzero (map (accel b) bodies)) bodies
  in map2 (\b a -> let vel = vadd b.vel (vscale dt a)
                   in b with vel = vel with pos = vadd b.pos (vscale dt vel))
          bodies accs

entry main [n] (steps: i32) (dt: f32)
               (xs: [n]f32) (ys: [n]f32) (zs: [n]f32)
               (vxs: [n]f32) (vys: [n]f32) (vzs: [n]f32) (ms: [n]f32)
             : ([n]f32, [n]f32, [n]f32, [n]f32, [n]f32, [n]f32) =
  let vec x y z : vec3 = {x, y, z}
  let bodies = map3 (\pos vel mass -> {pos, vel, mass})
                    (map3 vec xs ys zs) (map3 vec vxs vys vzs) ms
  let bodies = loop bodies for _i < steps do step dt bodies
  in (map (.pos.x) bodies, map (.pos.y) bodies, map (.pos.z) bodies,
      map (.vel.x) bodies, map (.vel.y) bodies, map (.vel.z) bodies)

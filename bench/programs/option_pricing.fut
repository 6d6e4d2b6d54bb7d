-- Monte-Carlo price of a European call option under Black-Scholes dynamics.
--
-- Each path simulates the stock price as a geometric Brownian motion over `steps` time
-- steps, S <- S * exp((r - sigma^2/2) dt + sigma sqrt(dt) Z), with standard normal variates Z
-- made by the Box-Muller transform from a 32-bit linear congruential generator whose state
-- is seeded per path by an integer hash of the path's index. The price is the discounted mean
-- payoff exp(-rT) * mean(max(S_T - K, 0)); also returned is the Black-Scholes closed form,
-- to compare with.
--
-- Parallelism: a map over independent paths, each a sequential loop over the time steps
-- (compute-bound: a log, sqrt, cos and exp per step), then a sum reduction of the payoffs.
-- ==
-- input { 1000i64 16i64 100f32 105f32 0.03f32 0.2f32 1f32 }
-- output { 7.96528292f32 7.1280632f32 }
-- random input { 40000i64 100i64 100f32 105f32 0.03f32 0.2f32 1f32 }
-- random input { 250000i64 12i64 100f32 95f32 0.05f32 0.3f32 0.5f32 }

-- A 32-bit integer hash (xorshift-multiply), to decorrelate the seeds of neighbouring paths.
def hash (x: u32) : u32 =
  let x = (x ^ (x >> 16)) * 0x7feb352d
  let x = (x ^ (x >> 15)) * 0x846ca68b
  in x ^ (x >> 16)

-- Numerical Recipes' LCG; a uniform in (0,1] from the top 24 bits of the new state.
def lcg (s: u32) : u32 = s * 1664525 + 1013904223
def uniform (s: u32) : f32 = (f32.u32 (s >> 8) + 1) / 16777216

-- One standard normal variate from two LCG draws (Box-Muller), and the new state.
def normal (s: u32) : (f32, u32) =
  let s1 = lcg s
  let s2 = lcg s1
  let u1 = uniform s1
  let u2 = uniform s2
  in (f32.sqrt (-2 * f32.log u1) * f32.cos (2 * f32.pi * u2), s2)

def path_payoff (steps: i64) (s0: f32) (strike: f32) (r: f32) (sigma: f32) (t: f32) (p: i64) : f32 =
  let dt = t / f32.i64 steps
  let drift = (r - 0.5 * sigma * sigma) * dt
  let vol = sigma * f32.sqrt dt
  let (s, _) =
    loop (s, rng) = (s0, hash (u32.i64 p + 1)) for _i < steps do
      let (z, rng) = normal rng
      in (s * f32.exp (drift + vol * z), rng)
  in f32.max (s - strike) 0

-- The standard normal CDF, from erf.
def ncdf (x: f32) : f32 = 0.5 * (1 + f32.erf (x / f32.sqrt 2))

def black_scholes (s0: f32) (strike: f32) (r: f32) (sigma: f32) (t: f32) : f32 =
  let d1 = (f32.log (s0 / strike) + (r + 0.5 * sigma * sigma) * t) / (sigma * f32.sqrt t)
  let d2 = d1 - sigma * f32.sqrt t
  in s0 * ncdf d1 - strike * f32.exp (-r * t) * ncdf d2

entry main (paths: i64) (steps: i64) (s0: f32) (strike: f32) (r: f32) (sigma: f32) (t: f32)
         : (f32, f32) =
  let payoffs = map (path_payoff steps s0 strike r sigma t) (iota paths)
  let mc = f32.exp (-r * t) * (f32.sum payoffs / f32.i64 paths)
  in (mc, black_scholes s0 strike r sigma t)

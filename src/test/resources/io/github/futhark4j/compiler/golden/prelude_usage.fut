-- Matrix multiplication
def dotprod [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
entry matmul [n][m][p] (xss: [n][m]f32) (yss: [m][p]f32) : [n][p]f32 =
  map (\xs -> map (dotprod xs) (transpose yss)) xss

-- Mandelbrot
def divergence (c_re: f32) (c_im: f32) (limit: i32) : i32 =
  let (_, _, i) = loop (z_re, z_im, i) = (c_re, c_im, 0) while i < limit && z_re * z_re + z_im * z_im < 4.0 do
    (c_re + z_re * z_re - z_im * z_im, c_im + 2.0 * z_re * z_im, i + 1)
  in i
entry mandelbrot (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
  tabulate_2d h w (\y x -> divergence (f32.i64 x / f32.i64 w * 3 - 2) (f32.i64 y / f32.i64 h * 2 - 1) limit)

-- n-body step
type vec3 = {x: f32, y: f32, z: f32}
def vadd (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def vsub (a: vec3) (b: vec3) : vec3 = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def vscale (s: f32) (a: vec3) : vec3 = {x = s * a.x, y = s * a.y, z = s * a.z}
def dot (a: vec3) (b: vec3) : f32 = a.x * b.x + a.y * b.y + a.z * b.z
def accel (p: vec3) (q: vec3) (m: f32) : vec3 =
  let r = vsub q p
  let d2 = dot r r + 0.01
  let inv = 1 / f32.sqrt d2
  in vscale (m * inv * inv * inv) r
entry step [n] (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32) : ([n]f32, [n]f32, [n]f32) =
  let ps = map3 (\x y z -> {x, y, z}) xs ys zs
  let acc = map (\p -> reduce vadd {x = 0, y = 0, z = 0} (map2 (accel p) ps ms)) ps
  let ps' = map2 (\p a -> vadd p (vscale 0.1 a)) ps acc
  in (map (.x) ps', map (.y) ps', map (.z) ps')

-- histogram
entry histo (k: i64) (xs: []i64) : []i32 = hist (+) 0 k (map (\x -> x % k) xs) (map (const 1) xs)
entry rbi (xs: []i64) : [10]i32 = reduce_by_index (replicate 10 0) (+) 0 xs (map (\_ -> 1) xs)
entry scat [k] (n: i64) (is: [k]i64) (vs: [k]f64) : []f64 = scatter (replicate n 0.0) is vs

-- prefix sums, filter, partition
entry psum (xs: []i32) : []i32 = scan (+) 0 xs
entry evens (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs
entry parts (xs: []i32) : ([]i32, []i32) = partition (> 0) xs
entry mins (xs: []f64) : f64 = f64.minimum xs
entry maxi (xs: []i32) : i32 = i32.maximum xs
entry bits (x: u32) : i32 = u32.popc x + u32.clz x
entry flat (xss: [][]i32) : []i32 = flatten xss
entry unflat (n: i64) (m: i64) (xs: []i32) : [][]i32 = unflatten n m xs
entry rev (xs: []i32) : []i32 = reverse xs
entry tk (xs: []i32) : ([]i32, []i32) = (take 2 xs, drop 2 xs)
entry hd (xs: []i32) : (i32, i32) = (head xs, last xs)
entry tl (xs: []i32) : ([]i32, []i32) = (tail xs, init xs)
entry z3 [n] (a: [n]i32) (b: [n]f32) (c: [n]bool) : [](i32, f32, bool) = zip3 a b c
entry uz3 (xs: [](i32, f32, bool)) = unzip3 xs
entry sp (xs: []i32) = split 2 xs
entry itr (x: i32) : i32 = iterate 10 (*2) x
entry itw (x: i32) : i32 = iterate_while (< 1000) (*2) x
entry fr (xs: []i32) : i32 = foldr (-) 0 xs
entry rot (xs: []i32) : []i32 = rotate 1 xs
entry idx (xs: []f32) : []i64 = indices xs
entry cp (xs: []i32) : *[]i32 = copy xs
entry crry (x: i32) (y: i32) : i32 = curry (\(a, b) -> a + b) x y
entry uncr (p: (i32, i32)) : i32 = uncurry (+) p
entry flp (x: i32) (y: i32) : i32 = flip (-) x y
entry fm (xs: []i32) = flatmap (\x -> [x, x]) xs
entry conc (xs: []i32) (ys: []i32) = concat xs ys
entry sc (xs: []i32) = reduce (i32.+) 0 xs
entry s2 (xs: [](i32,i32)) = reduce_comm (\(a,b) (c,d) -> (a+c, b+d)) (0,0) xs
entry bitops (x: i32) = (i32.get_bit 3 x, i32.set_bit 2 x 1)
entry fl (x: f64) = (f64.floor x, f64.ceil x, f64.round x, f64.trunc x, f64.isnan x, f64.from_bits (f64.to_bits x))
entry conv (x: f64) = (i8.f64 x, u16.f64 x, f32.f64 x, bool.f64 x, f16.f64 x)
entry consts = (f32.inf, f64.nan, f32.highest, i32.lowest, u8.highest, f64.e)

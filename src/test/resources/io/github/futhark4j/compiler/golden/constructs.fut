entry a1 (n: i64) : i64 = let x: i64 = 5 in x + n
entry a2 : []i32 = loop (acc: []i32) = [] for i < 3 do acc ++ [i32.i64 i]
entry a3 (xs: []i32) = let f [n] (ys: [n]i32) : [n]i32 = map (+1) ys in f xs
entry a4 (ps: []{x: i32, y: i32}) : []i32 = map (\{x, y} -> x + y) ps
entry a5 [n] (xs: [n]i32) (ys: [n]i32) : []i32 = map (\(a, b) -> a + b) (zip xs ys)
entry a6 : [](i32, f64) = [(1, 2.0), (3, 4.0)]
entry a7 (a: i32) (b: i32) : i32 = match (a, b) case (0, _) -> 1 case (_, 0) -> 2 case _ -> 3
type maybe 'a = #none | #some a
def from_maybe 'a (d: a) (m: maybe a) : a = match m case #some x -> x case #none -> d
entry a8 (x: i32) : i32 = from_maybe 0 (if x > 0 then #some x else #none)
entry a9 (c: bool) (xs: []i32) (ys: []i32) : []i32 = if c then xs else ys
type point = {x: f64, y: f64}
entry a10 (x: f64) : point = {x, y = x}
entry a11 (xs: []i32) : []i32 = let ys = copy xs in ys with [0] = 1
entry a12 (n: i64) : []i64 = let xs = map (*2) (iota n) in xs with [0] = 7
entry a13 [n] (xs: [n]i32) (ys: [n]i32) : i32 = loop s = 0 for (a, b) in zip xs ys do s + a * b
def adder (x: i32) : i32 -> i32 = \y -> x + y
entry a14 (x: i32) : i32 = adder x 2
def (a: i32) +^ (b: i32) : i32 = a * 10 + b
entry a15 (xs: []i32) : []i32 = map (+^ 1) xs
entry a16 (xs: []i32) : []i32 = #[sequential] map (+1) xs
entry a17 (x: i32) : i32 =
  let a = x + 1
  let b = a * 2
  let c = b - 3
  in c
def main (x: i32) : i32 = x
entry a18 : []i32 = let xs : []i32 = [] in xs
entry a19 (xss: [][]i32) : i64 = length xss + length xss[0]
entry a20 (xs: []i32) (i: i64) : []i32 = xs[i:] ++ xs[:i]
entry a21 (k: i32) (xs: []i32) : []i32 = let scale x = x * k in map scale xs
entry a22 (xs: [][]f32) : [][]f32 = map (\row -> map (/ f32.sum row) row) xs
entry a23 (x: f32) : f32 = -x + f32.abs (-2.5)
entry a24 (x: i64) : bool = x >= 0 && x <= 10 || x == -1
entry a25 (x: u32) : u32 = x >> 3 << 2 ^ 0xFFu32
entry a26 (x: i32) : i32 = loop x for i < 10 do x + i32.i64 i
entry a27 (xs: [3]i32) : [3]i32 = xs
entry a28 (t: (i32, (f64, bool))) : bool = t.1.1
entry a29 (xs: []i32) : (i32, []i32) = let r = {a = 1, b = xs} in (r.a, r.b)
entry a30 (xs: []f64) : f64 = let (s, c) = (f64.sum xs, f64.i64 (length xs)) in s / c

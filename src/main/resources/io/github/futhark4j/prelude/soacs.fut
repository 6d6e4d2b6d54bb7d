-- | The array functions of the Futhark prelude, on top of the compiler's intrinsics.

def map 'a [n] 'x (f: a -> x) (as: [n]a) : *[n]x = intrinsics.map f as
def map1 'a [n] 'x (f: a -> x) (as: [n]a) : *[n]x = intrinsics.map f as
def map2 'a 'b [n] 'x (f: a -> b -> x) (as: [n]a) (bs: [n]b) : *[n]x = intrinsics.map2 f as bs
def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) : *[n]x =
  intrinsics.map3 f as bs cs
def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) : *[n]x =
  intrinsics.map4 f as bs cs ds
def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) (es: [n]e) : *[n]x =
  intrinsics.map5 f as bs cs ds es

def reduce [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : a = intrinsics.reduce op ne as
def reduce_comm [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : a = intrinsics.reduce_comm op ne as
def scan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : *[n]a = intrinsics.scan op ne as
-- The exclusive scan: element i combines the elements before i (ne for the first).
def exscan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : *[n]a =
  let s = intrinsics.scan op ne as
  in intrinsics.map (\i -> if i == 0 then ne else s[i - 1]) (intrinsics.iota n)
def filter [n] 'a (p: a -> bool) (as: [n]a) : *[]a = intrinsics.filter p as

def partition [n] 'a (p: a -> bool) (as: [n]a) : ([]a, []a) =
  let (xs, sizes) = intrinsics.partition 2 (\x -> if p x then 0i64 else 1i64) as
  in (xs[0:sizes[0]], xs[sizes[0]:n])

def partition2 [n] 'a (p1: a -> bool) (p2: a -> bool) (as: [n]a) : ([]a, []a, []a) =
  let (xs, sizes) = intrinsics.partition 3 (\x -> if p1 x then 0i64 else if p2 x then 1i64 else 2i64) as
  in (xs[0:sizes[0]], xs[sizes[0]:sizes[0]+sizes[1]], xs[sizes[0]+sizes[1]:n])

def reduce_by_index 'a [m] [n] (dest: *[m]a) (f: a -> a -> a) (ne: a) (is: [n]i64) (as: [n]a) : *[m]a =
  intrinsics.hist f ne dest is as
-- The 2-d form runs the 1-d histogram on a flattened copy; indices outside the matrix become -1,
-- which the 1-d form ignores (a row index past n must not wrap into the next row).
def reduce_by_index_2d 'a [k] [n] [m] (dest: *[n][m]a) (f: a -> a -> a) (ne: a) (is: [k](i64, i64)) (as: [k]a) : *[n][m]a =
  let flat = intrinsics.copy (intrinsics.flatten dest)
  let fis = intrinsics.map (\(i, j) -> if i >= 0 && i < n && j >= 0 && j < m then i * m + j else -1) is
  in intrinsics.unflatten n m (intrinsics.hist f ne flat fis as)
-- The 3-d form likewise, on a flattened copy.
def reduce_by_index_3d 'a [k] [n] [m] [l] (dest: *[n][m][l]a) (f: a -> a -> a) (ne: a) (is: [k](i64, i64, i64)) (as: [k]a) : *[n][m][l]a =
  let flat = intrinsics.copy (intrinsics.flatten (intrinsics.flatten dest))
  let fis = intrinsics.map (\(i, j, h) -> if i >= 0 && i < n && j >= 0 && j < m && h >= 0 && h < l then (i * m + j) * l + h else -1) is
  in intrinsics.unflatten n m (intrinsics.unflatten (n * m) l (intrinsics.hist f ne flat fis as))
def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (as: [n]a) : *[k]a =
  intrinsics.hist op ne (intrinsics.replicate k ne) is as

def scatter 't [m] [n] (dest: *[m]t) (is: [n]i64) (vs: [n]t) : *[m]t = intrinsics.scatter dest is vs
def scatter_2d 't [m] [k] [n] (dest: *[m][k]t) (is: [n](i64, i64)) (vs: [n]t) : *[m][k]t =
  intrinsics.scatter_2d dest is vs
def scatter_3d 't [m] [k] [l] [n] (dest: *[m][k][l]t) (is: [n](i64, i64, i64)) (vs: [n]t) : *[m][k][l]t =
  intrinsics.scatter_3d dest is vs

def iota (n: i64) : *[n]i64 = intrinsics.iota n
def replicate 't (n: i64) (x: t) : *[n]t = intrinsics.replicate n x
-- rep x: replicate x to the length the context requires.
def rep 't [n] (x: t) : *[n]t = intrinsics.replicate n x
def length [n] 't (xs: [n]t) : i64 = intrinsics.length xs
def indices [n] 't (_: [n]t) : *[n]i64 = intrinsics.iota n
def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a = intrinsics.map f (intrinsics.iota n)
def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  intrinsics.map (\i -> intrinsics.map (f i) (intrinsics.iota m)) (intrinsics.iota n)
def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][o]a =
  intrinsics.map (\i -> intrinsics.map (\j -> intrinsics.map (f i j) (intrinsics.iota o)) (intrinsics.iota m)) (intrinsics.iota n)

def zip [n] 'a 'b (as: [n]a) (bs: [n]b) : *[n](a, b) = intrinsics.zip as bs
def zip2 [n] 'a 'b (as: [n]a) (bs: [n]b) : *[n](a, b) = intrinsics.zip as bs
def zip3 [n] 'a 'b 'c (as: [n]a) (bs: [n]b) (cs: [n]c) : *[n](a, b, c) =
  intrinsics.map3 (\a b c -> (a, b, c)) as bs cs
def zip4 [n] 'a 'b 'c 'd (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) : *[n](a, b, c, d) =
  intrinsics.map4 (\a b c d -> (a, b, c, d)) as bs cs ds
def zip5 [n] 'a 'b 'c 'd 'e (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) (es: [n]e) : *[n](a, b, c, d, e) =
  intrinsics.map5 (\a b c d e -> (a, b, c, d, e)) as bs cs ds es
def unzip [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) = intrinsics.unzip xs
def unzip2 [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) = intrinsics.unzip xs
def unzip3 [n] 'a 'b 'c (xs: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  (intrinsics.map (\(a, _, _) -> a) xs, intrinsics.map (\(_, b, _) -> b) xs, intrinsics.map (\(_, _, c) -> c) xs)
def unzip4 [n] 'a 'b 'c 'd (xs: [n](a, b, c, d)) : ([n]a, [n]b, [n]c, [n]d) =
  (intrinsics.map (\(a, _, _, _) -> a) xs, intrinsics.map (\(_, b, _, _) -> b) xs,
   intrinsics.map (\(_, _, c, _) -> c) xs, intrinsics.map (\(_, _, _, d) -> d) xs)
def unzip5 [n] 'a 'b 'c 'd 'e (xs: [n](a, b, c, d, e)) : ([n]a, [n]b, [n]c, [n]d, [n]e) =
  (intrinsics.map (\(a, _, _, _, _) -> a) xs, intrinsics.map (\(_, b, _, _, _) -> b) xs,
   intrinsics.map (\(_, _, c, _, _) -> c) xs, intrinsics.map (\(_, _, _, d, _) -> d) xs,
   intrinsics.map (\(_, _, _, _, e) -> e) xs)

def concat [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t = intrinsics.concat xs ys
def (++) [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t = intrinsics.concat xs ys
def flatten [n] [m] 't (xs: [n][m]t) : [n * m]t = intrinsics.flatten xs
def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t) : [n * m * l]t = intrinsics.flatten (intrinsics.flatten xs) :> [n * m * l]t
def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t) : [n * m * l * k]t =
  intrinsics.flatten (intrinsics.flatten (intrinsics.flatten xs)) :> [n * m * l * k]t
def unflatten 't [n] [m] (xs: [n * m]t) : [n][m]t = intrinsics.unflatten n m xs
def unflatten_3d 't [n] [m] [l] (xs: [n * m * l]t) : [n][m][l]t =
  intrinsics.map (intrinsics.unflatten m l) (intrinsics.unflatten n (m * l) xs)
def unflatten_4d 't [n] [m] [l] [k] (xs: [n * m * l * k]t) : [n][m][l][k]t =
  intrinsics.map (\(ys: [m * l * k]t) : [m][l][k]t -> intrinsics.map (intrinsics.unflatten l k) (intrinsics.unflatten m (l * k) ys))
                 (intrinsics.unflatten n (m * l * k) xs)
def transpose [n] [m] 't (xs: [n][m]t) : [m][n]t = intrinsics.transpose xs
def rotate [n] 't (r: i64) (xs: [n]t) : *[n]t = intrinsics.rotate r xs
def reverse [n] 't (xs: [n]t) : [n]t = xs[::-1]
def take [n] 't (i: i64) (xs: [n]t) : [i]t = xs[0:i]
def drop [n] 't (i: i64) (xs: [n]t) : [n - i]t = xs[i:]
def split [n] [m] 't (xs: [n + m]t) : ([n]t, [m]t) = (xs[0:n], xs[n:n + m] :> [m]t)
def head [n] 't (xs: [n]t) : t = xs[0]
def last [n] 't (xs: [n]t) : t = xs[n - 1]
def tail [n] 't (xs: [n]t) : [n - 1]t = xs[1:]
def init [n] 't (xs: [n]t) : [n - 1]t = xs[0:n - 1]
def copy 't (a: t) : *t = intrinsics.copy a
def opaque 't (x: t) : t = intrinsics.opaque x
def manifest 't (x: t) : *t = intrinsics.manifest x
def trace 't (x: t) : t = intrinsics.trace x
def break 't (x: t) : t = intrinsics.break x

def foldl [n] 'a 'b (f: a -> b -> a) (acc: a) (bs: [n]b) : a = loop acc for b in bs do f acc b
def foldr [n] 'a 'b (f: b -> a -> a) (acc: a) (bs: [n]b) : a = loop acc for b in bs[::-1] do f b acc
def all 'a (f: a -> bool) (as: []a) : bool = intrinsics.reduce (\x y -> x && y) true (intrinsics.map f as)
def any 'a (f: a -> bool) (as: []a) : bool = intrinsics.reduce (\x y -> x || y) false (intrinsics.map f as)
def and [n] (xs: [n]bool) : bool = intrinsics.reduce (\x y -> x && y) true xs
def or [n] (xs: [n]bool) : bool = intrinsics.reduce (\x y -> x || y) false xs
def null [n] 't (_: [n]t) : bool = n == 0
def sized [m] 't (n: i64) (xs: [m]t) : [n]t = xs :> [n]t
-- flatmap f as: f gives each element a segment (of any length) and a value. The result: the
-- segments' lengths, a flag at the start of each non-empty segment, the segments' offsets, the
-- segments concatenated, and the values.
def flatmap [n] 'a 'b 'c (f: a -> ?[m].([m]b, c)) (as: [n]a) : ?[k].([n]i64, [k]bool, [n]i64, [k]b, [n]c) =
  let shape = intrinsics.map (\x -> intrinsics.length (f x).0) as
  let values = intrinsics.map (\x -> (f x).1) as
  let ends = intrinsics.scan (\x y -> x + y) 0i64 shape
  let offsets = intrinsics.map2 (\e s -> e - s) ends shape
  let k = if n == 0 then 0 else ends[n - 1]
  let starts = intrinsics.map2 (\o s -> if s > 0 then o else -1) offsets shape
  let marks = intrinsics.scatter (intrinsics.replicate k 0i64) starts (intrinsics.iota n)
  let seg = intrinsics.scan (\x y -> intrinsics.max x y) 0i64 marks
  let flags = intrinsics.scatter (intrinsics.replicate k false) starts (intrinsics.replicate n true)
  let data = intrinsics.map2 (\j s -> (f as[s]).0[j - offsets[s]]) (intrinsics.iota k) seg
  in (shape, flags, offsets, data, values)
-- flatmap' f as: flatmap without the per-element values.
def flatmap' [n] 'a 'b (f: a -> ?[k].[k]b) (as: [n]a) : ?[m].([n]i64, [m]bool, [n]i64, [m]b) =
  let (shape, flags, offsets, data, _) = flatmap (\x -> (f x, ())) as
  in (shape, flags, offsets, data)
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t = intrinsics.scatter (intrinsics.replicate k x) is vs
def iterate 'a (n: i32) (f: a -> a) (x: a) : a = loop x for _i < n do f x
def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a) : a = loop x while !(p x) do f x
def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a) : a = loop x while p x do f x

def id '^a (x: a) : a = x
def const '^a '^b (x: a) (_: b) : a = x
def flip '^a '^b '^c (f: a -> b -> c) (b: b) (a: a) : c = f a b
def curry '^a '^b '^c (f: (a, b) -> c) (a: a) (b: b) : c = f (a, b)
def uncurry '^a '^b '^c (f: a -> b -> c) ((a, b): (a, b)) : c = f a b

-- Conversions and negation of the reference's prelude.fut, at top level.
def r32 (x: i32) : f32 = intrinsics.convert x
def t32 (x: f32) : i32 = intrinsics.convert x
def r64 (x: i32) : f64 = intrinsics.convert x
def t64 (x: f64) : i32 = intrinsics.convert x
def not (x: bool) : bool = !x

-- Automatic differentiation (the reference's ad.fut). Forward mode: the primal result and its
-- tangent for a tangent of the input (jvp), or for each of several (jmp).
def jvp2 'a 'b (f: a -> b) (x: a) (x': a) : (b, b) = intrinsics.jvp2 f x x'
def jmp2 'a 'b [n] (f: a -> b) (x: a) (x': [n]a) : (b, [n]b) = intrinsics.jmp2 f x x'
def jvp 'a 'b (f: a -> b) (x: a) (x': a) : b = (jvp2 f x x').1
def jmp 'a 'b [n] (f: a -> b) (x: a) (x': [n]a) : [n]b = (jmp2 f x x').1
-- Reverse mode: the cotangent of the input for a cotangent of the result (vjp), or for each of
-- several (mjp); with_vjp gives f a custom adjoint.
def vjp2 'a 'b (f: a -> b) (x: a) (y': b) : (b, a) = intrinsics.vjp2 f x y'
def mjp2 'a 'b [n] (f: a -> b) (x: a) (y': [n]b) : (b, [n]a) = intrinsics.mjp2 f x y'
def vjp 'a 'b (f: a -> b) (x: a) (y': b) : a = (vjp2 f x y').1
def mjp 'a 'b [n] (f: a -> b) (x: a) (y': [n]b) : [n]a = (mjp2 f x y').1
def with_vjp 'a 'b (f: a -> b) (f': (res: b) -> (b_adj: b) -> a) (x: a) : b = intrinsics.with_vjp f f' x
-- with_vjp where the adjoint's extra input (the tape, c) is a separate result of f from the primal (b).
def with_vjp_tape 'a 'b 'c (f: a -> (c, b)) (f': (c, b) -> a) (x: a) : b =
  (with_vjp f (\(tape, _) (_, adj) -> f' (tape, adj)) x).1

def a (xs: []i32) : i32 = xs[0i32]
def b (x: i32) = if x then 1 else 2
def c (xs: []i32) : []i32 = xs with [0] = 1
def d (xs: *[]i32) = let ys = xs with [0] = 1 in xs[0] + ys[0]
def e = unknown 1
def f (x: i8) = x + 1000
type opt = #none | #some i32
def g (o: opt) : i32 = match o case #some x -> x

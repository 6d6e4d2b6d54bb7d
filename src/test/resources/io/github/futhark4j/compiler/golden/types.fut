type shape = #circle f64 | #rect f64 f64
def area (s: shape) : f64 = match s case #circle r -> 3.0 * r * r case #rect w h -> w * h
def pair 'a 'b (x: a) (y: b) = (x, y)
entry main [n] (xs: [n]f64) : ([n]f64, (i32, bool)) = (map (\r -> area (#circle r)) xs, pair 1 true)

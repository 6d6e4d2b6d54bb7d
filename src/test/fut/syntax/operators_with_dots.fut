-- User-defined operators may contain dots after the first character (+. and *., the latter with multiplication precedence).
-- ==
-- input { 1.0f32 4i32 }
-- output { 2.5f32 25i32 }
def (+.) (a: f32) (b: f32) : f32 = a + b + 0.5
def (*.) (a: i32) (b: i32) : i32 = a * b * 2
entry main (x: f32) (y: i32) : (f32, i32) = (x +. x, 1 + y *. 3)

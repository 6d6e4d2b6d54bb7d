-- Record updates through a nested field path and on the outer record.
-- ==
-- input { 7i32 } output { 7i32 14i32 3.0f32 0i32 }
type inner = {a: i32, b: i32}
type outer = {x: inner, y: f32}
entry main (v: i32) : (i32, i32, f32, i32) =
  let r : outer = {x = {a = v, b = 0}, y = 1.5}
  let r2 = r with x.b = v * 2
  let r3 = r2 with y = r2.y * 2
  in (r3.x.a, r3.x.b, r3.y, r.x.b)

-- `with` on record fields, including nested fields.
-- ==
-- input { 7i32 }
-- output { 7i32 2i32 30i32 0i32 }
type pt = {x: i32, y: i32}
entry main (a: i32) : (i32, i32, i32, i32) =
  let r : {p: pt, z: i32} = {p = {x = 1, y = 2}, z = 3}
  let r = r with p.x = a
  let r = r with z = r.z * 10
  in (r.p.x, r.p.y, r.z, (r.p with y = 0).y)

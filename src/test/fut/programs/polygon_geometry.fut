-- Polygon area (shoelace), perimeter and centroid with 2-D vectors as tuples, user operators and rotate to pair each vertex with the next.
-- ==
-- input { [0.0f32, 4.0f32, 4.0f32, 2.0f32, 0.0f32] [0.0f32, 0.0f32, 3.0f32, 5.0f32, 3.0f32] }
-- output { 16.0f32 15.65685424949238f32 2.0f32 2.2f32 }
type v2 = (f32, f32)
def (<+>) ((a, b): v2) ((c, d): v2) : v2 = (a + c, b + d)
def (<->) ((a, b): v2) ((c, d): v2) : v2 = (a - c, b - d)
def cross ((a, b): v2) ((c, d): v2) : f32 = a * d - b * c
def norm ((a, b): v2) : f32 = f32.sqrt (a * a + b * b)

entry main [n] (xs: [n]f32) (ys: [n]f32) : (f32, f32, f32, f32) =
  let ps = zip xs ys
  let next = rotate 1 ps
  let area = f32.sum (map2 cross ps next) / 2
  let per = f32.sum (map2 (\p q -> norm (q <-> p)) ps next)
  let (sx, sy) = reduce (<+>) (0, 0) ps
  in (area, per, sx / f32.i64 n, sy / f32.i64 n)

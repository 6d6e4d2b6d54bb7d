-- Date arithmetic: days since 1970 from (y, m, d) with floor division for negative years, weekday by %, and the inverse mapping back.
-- ==
-- input { [1970i32, 2000i32, 2024i32, 1969i32, 1i32, 1600i32, 2100i32, -44i32, 0i32] [1i32, 2i32, 12i32, 7i32, 1i32, 3i32, 3i32, 3i32, 2i32] [1i32, 29i32, 31i32, 20i32, 1i32, 1i32, 1i32, 15i32, 29i32] }
-- output { [0i32, 11016i32, 20088i32, -165i32, -719162i32, -135080i32, 47541i32, -735525i32, -719469i32] [4i32, 2i32, 2i32, 0i32, 1i32, 3i32, 1i32, 4i32, 2i32] [true, true, true, true, true, true, true, true, true] }
def days_from_civil (y: i32) (m: i32) (d: i32) : i32 =
  let y = if m <= 2 then y - 1 else y
  let era = y / 400
  let yoe = y - era * 400
  let mp = (m + 9) % 12
  let doy = (153 * mp + 2) / 5 + d - 1
  let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
  in era * 146097 + doe - 719468

def civil_from_days (z: i32) : (i32, i32, i32) =
  let z = z + 719468
  let era = z / 146097
  let doe = z - era * 146097
  let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
  let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
  let mp = (5 * doy + 2) / 153
  let d = doy - (153 * mp + 2) / 5 + 1
  let m = if mp < 10 then mp + 3 else mp - 9
  in (yoe + era * 400 + (if m <= 2 then 1 else 0), m, d)

entry main [n] (ys: [n]i32) (ms: [n]i32) (ds: [n]i32) : ([n]i32, [n]i32, [n]bool) =
  let days = map3 days_from_civil ys ms ds
  let weekday = map (\x -> (x + 4) % 7) days
  let back = map civil_from_days days
  in (days, weekday, map4 (\(y, m, d) y0 m0 d0 -> y == y0 && m == m0 && d == d0) back ys ms ds)

-- local def inside a module is usable by the module itself.
-- ==
-- input { [1i64, 2i64, 3i64] }
-- output { 14i64 }
module m = {
  local def sq (x: i64) = x * x
  def sum_sq (xs: []i64) = i64.sum (map sq xs)
}
entry main (xs: []i64) : i64 = m.sum_sq xs

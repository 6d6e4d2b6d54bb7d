-- A parametric module cannot be opened locally.
-- ==
-- error: Module counter.*is a parametric module
module counter (P: { val start : i32 }) = { def next = P.start + 1 }
entry main = counter.(next + 1)

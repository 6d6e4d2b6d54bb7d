-- A parametric module's components cannot be named before it is applied.
-- ==
-- error: Cannot have parametric module here
module counter (P: { val start : i32 }) = { def next = P.start + 1 }
entry main = counter.next

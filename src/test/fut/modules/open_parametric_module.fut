-- Only a structure can be opened.
-- ==
-- error: Cannot have parametric module here
module scale (P: { val k : i32 }) = { def scale (x: i32) = x * P.k }
open scale

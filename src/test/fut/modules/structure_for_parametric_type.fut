-- A structure cannot be ascribed a parametric module type (worded as the reference words it).
-- ==
-- error: Cannot match non-parametric module with paramatric module type
module type maker = (P: { val n : i64 }) -> { val m : i64 }
module m : maker = { def m = 1i64 }

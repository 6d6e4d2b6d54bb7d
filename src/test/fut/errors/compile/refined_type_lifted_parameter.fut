-- A refinement "with t '^a = ..." makes the module type require t's parameter to be lifted; a
-- module defining t with a non-lifted parameter does not match it.
-- ==
-- error: Module defines.*type t 'a = \(a, bool\).*but module type requires.*type t '\^a = \(a, bool\)
module type tagged = {type t 'a}

module flagged : (tagged with t '^a = (a, bool)) = {type t 'a = (a, bool)}

entry main (x: i32) : flagged.t i32 = (x, true)

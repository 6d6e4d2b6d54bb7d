-- A parameter name may appear once in a function type.
-- ==
-- error: Name "width" also bound at
def apply (f: (width: i64) -> (width: i64) -> [width]i32) : [2]i32 = f 2 2

-- An element index may be of any signed integer type, not an unsigned one (as in the reference).
-- ==
-- error: u8
def pick (a: []i32) (i: u8) : i32 = a[i]
entry main (a: []i32) : i32 = pick a 0

-- A slice of a top-level array returned from a function aliases the free variable.
-- ==
-- error: Function result aliases the free variable "table"
def table = [1i32, 2, 3, 4]
def rest (k: i64) : []i32 = if k > 0 then table[1:] else table[2:]
entry main (k: i64) : []i32 = rest k

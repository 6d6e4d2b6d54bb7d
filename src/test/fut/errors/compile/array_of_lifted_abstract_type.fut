-- A lifted abstract type may stand for a function: its values cannot be array elements.
-- ==
-- error: Cannot create array
module ops = { type^ op = i64 -> i64 def twice : op = \x -> x * 2 } : { type^ op val twice : op }
def table : []ops.op = [ops.twice]

-- '!' is a prefix operator: it cannot be defined infix.
-- ==
-- error: '!' is a prefix operator and cannot be used as infix operator
def x ! y : i32 = x + y

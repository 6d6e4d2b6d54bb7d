-- A declaration binds one name: a tuple pattern at top level is rejected with the reference's hint.
-- ==
-- error: Cannot bind patterns at top level
def (a, b) = (1i32, 2i32)

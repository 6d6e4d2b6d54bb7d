-- A value put in an array cannot later turn out to be a function.
-- ==
-- error: functional
def pair y = ([y], y true)

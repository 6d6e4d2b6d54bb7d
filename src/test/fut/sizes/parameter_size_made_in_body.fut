-- A parameter's anonymous size that the body makes equal to a size the body computes: the
-- function's type cannot be generalised (no caller could supply such an argument), as the
-- reference reports it.
-- ==
-- error: Cannot generalise type of "f".*Unknown size "d[^"]*" in parameter of "f"

def f (xs: []i32) = let ys = filter (> 0) xs in zip xs ys

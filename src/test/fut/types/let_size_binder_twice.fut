-- A let's size binders and its pattern's names are one set of names.
-- ==
-- error: Name "n" also bound at

def f (x: i32) = let [n][n] (ys: [n]i32) = [x] in ys

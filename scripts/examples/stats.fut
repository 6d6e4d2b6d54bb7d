-- Two entry points: loaded from a file, the program is an object with a member for each.
entry mean (xs: []f64) : f64 = f64.sum xs / f64.i64 (length xs)
entry spread (xs: []f64) : f64 = f64.maximum xs - f64.minimum xs

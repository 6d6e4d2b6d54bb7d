-- An array type whose elements are functions is rejected where it is written (a parameter's type).
-- ==
-- error: Cannot .* array with elements of lifted type .* -> .*
def apply_all (fs: [](f64 -> f64)) (x: f64) : f64 = x

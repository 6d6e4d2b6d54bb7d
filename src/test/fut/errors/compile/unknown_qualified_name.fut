-- A qualified name whose first part is neither a module nor a variable is unknown as written.
-- ==
-- error: Unknown name "r\.x"

def main (x: i32) = r.x + x

-- Sizes are compared as written, as the reference compares them: 2i64 is not the size 2 of a
-- literal of two elements.
-- ==
-- error: Sizes "2i64" and "2" do not match

def main : [2i64]i32 = [1, 2]

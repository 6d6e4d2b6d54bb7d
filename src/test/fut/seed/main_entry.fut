-- A program whose entry point is main (no entry declaration).
-- ==
-- input { [3i32, 1i32, 2i32] }
-- output { 6i32 }
def main (xs: []i32) : i32 = i32.sum xs

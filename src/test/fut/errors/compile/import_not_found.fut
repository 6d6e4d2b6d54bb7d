-- An import of a file that does not exist (E0104).
-- ==
-- error: Could not read file
import "no_such_file_here"
entry main (x: i32) : i32 = x

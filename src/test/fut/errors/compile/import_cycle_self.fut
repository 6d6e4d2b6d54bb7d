-- A file that imports itself is an import cycle (E0105).
-- ==
-- error: Import cycle
import "import_cycle_self"
entry main (x: i32) : i32 = x

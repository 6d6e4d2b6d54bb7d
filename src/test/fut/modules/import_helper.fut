-- Imported by open_import_then_import.fut.
def inc (x: i32) = x + 1

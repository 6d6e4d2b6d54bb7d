-- Duplicate declarations are found before the declarations are checked: the second "w" is the
-- error, not the use of the first one's type below it.
-- ==
-- error: Duplicate definition of type w
module m = {
  type w = i32
  def f (x: w) : w = x + 1
  type w = bool
}

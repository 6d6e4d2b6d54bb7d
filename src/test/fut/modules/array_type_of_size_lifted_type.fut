-- An array type's element type may not be size-lifted (an abstract type~ or a type~ abbreviation).
-- ==
-- error: Cannot create array with elements of size-lifted type "row" \(might cause irregular array\)
type~ row = []f64
def empty : [0]row = []

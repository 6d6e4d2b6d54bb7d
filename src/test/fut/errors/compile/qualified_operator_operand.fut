-- A qualified operator is not an operand: only an infix operator or a section.
-- ==
-- error: Unexpected token: 'f32.\+'
def g (x: f32) = f32.+ x x

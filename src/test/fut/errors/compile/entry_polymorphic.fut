-- Entry points may not be polymorphic.
-- ==
-- error: may not be polymorphic
entry main 't (x: t) : t = x

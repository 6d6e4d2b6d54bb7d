-- include is a specification of module types: a structure opens another module instead.
-- ==
-- error: include
module base = { def x = 1i32 }
module more = { include base def y = 2i32 }

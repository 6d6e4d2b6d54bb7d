-- A type with parameters used without arguments, named with its parameters as the reference does.
-- ==
-- error: Type constructor "vec \[n\] 'a" used without any arguments

type vec [n] 'a = [n]a

def f (x: vec) = x

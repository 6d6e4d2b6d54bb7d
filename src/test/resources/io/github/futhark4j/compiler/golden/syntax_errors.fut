def a = (1, 2
def b = 2
def c = let x = in x
def d = if true then 1
val x : i32
def e = 5

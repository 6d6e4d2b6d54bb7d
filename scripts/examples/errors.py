# Errors from Futhark are Python exceptions: `except Exception` catches them all.
#   run-time errors (division by zero, index out of bounds)  futhark4j.FutharkError
#   arguments that do not fit the entry point               futhark4j.ArgumentError (a FutharkError)
#   programs that do not compile                            futhark4j.CompileError (a FutharkError)
# str(e) is Futhark's message; e.file, e.line and e.column its source location (None if unknown).
# Run: scripts/futhark4j python scripts/examples/errors.py
import polyglot

div = polyglot.eval(language='futhark', string='entry div (a: i32) (b: i32) : i32 = a / b')

import futhark4j  # the exception classes, importable once the context has used Futhark

for args in [(7, 2), (7, 0), (7, 2.5)]:
    try:
        print(f"div{args} = {div(*args)}")
    except futhark4j.ArgumentError as e:
        print(f"div{args}: bad argument: {e}")
    except Exception as e:
        print(f"div{args}: caught at {e.file}:{e.line}:{e.column}: {str(e).splitlines()[0]}")

try:
    polyglot.eval(language='futhark', string='entry broken (x: i32) : i32 = (x +')
except Exception as e:
    # A CompileError also has filename, lineno and offset, like a Python SyntaxError.
    print(f"compile error at {e.filename}:{e.lineno}:{e.offset}: {str(e).splitlines()[0]}")

# Errors from Futhark as Python exceptions. GraalPy raises foreign exceptions as
# polyglot.ForeignException (a BaseException), whose str() is Futhark's message.
# Run: scripts/futhark4j python scripts/examples/errors.py
import polyglot

div = polyglot.eval(language='futhark', string='entry div (a: i32) (b: i32) : i32 = a / b')

for args in [(7, 2), (7, 0), (7, 2.5)]:
    try:
        print(f"div{args} = {div(*args)}")
    except polyglot.ForeignException as e:
        print(f"div{args}: caught: {str(e).splitlines()[0]}")

# Python support of the Truffle language "futhark" (Futhark4J), run by the language itself in a
# GraalPy context the first time Python uses Futhark. Evaluating this file yields `install`, which
# the language calls with the meta objects of its three error types.
#
# GraalPy gives every foreign exception the class polyglot.ForeignException, which derives from
# BaseException, not Exception, so `except Exception` would not catch a Futhark failure. With
# polyglot.register_interop_type, a Python class is registered for the instances of each Futhark
# error type: those classes derive from Exception, so Futhark failures behave like Python errors.
# They are also importable: `from futhark4j import FutharkError, CompileError, ArgumentError`.

def install(futhark_error, argument_error, compile_error):
    import sys
    import types
    import polyglot

    class FutharkError(Exception):
        """A Futhark failure: a run-time error of Futhark code (index out of bounds, failed assertion,
        division by zero), an argument refused before the call, or a program that does not compile.

        Attributes (read from the Futhark error): message; file, line and column of the Futhark
        source location when there is one (else None)."""

        def __str__(self):
            return self.message

        def __repr__(self):
            return type(self).__name__ + '(' + repr(self.message) + ')'

        @property
        def args(self):
            return (self.message,)

    class ArgumentError(FutharkError):
        """An argument of an entry point that does not fit its parameter (refused before the call)."""

    class CompileError(FutharkError):
        """A Futhark program that does not compile: a syntax or type error, or a failing tool.
        filename, lineno and offset are also there, as on a Python SyntaxError."""

        @property
        def filename(self):
            return self.file

        @property
        def lineno(self):
            return self.line

        @property
        def offset(self):
            return self.column

    for cls in (FutharkError, ArgumentError, CompileError):
        cls.__module__ = 'futhark4j'
    polyglot.register_interop_type(futhark_error, FutharkError)
    polyglot.register_interop_type(argument_error, ArgumentError)
    polyglot.register_interop_type(compile_error, CompileError)

    module = types.ModuleType('futhark4j', 'Exception classes of Futhark failures (Futhark4J).')
    module.FutharkError = FutharkError
    module.ArgumentError = ArgumentError
    module.CompileError = CompileError
    sys.modules.setdefault('futhark4j', module)
    return module

install

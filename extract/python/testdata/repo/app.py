import pkg
from pkg import Error
from pkg.errors import BaseAppError


def main(argv, n):
    raise pkg.ConfigError("mode", argv[1])
    raise Error("bad header", n)
    raise BaseAppError("plain")
    raise BaseAppError("with code", code=7)


from pkg import messages
from pkg.messages import NOT_FOUND, TEMPLATE


def lookup(table, key):
    # Texts defined in another module, imported by name or with their
    # module.
    if key not in table:
        raise LookupError(NOT_FOUND)
    if len(key) > 100:
        raise ValueError(messages.TOO_BIG)
    # A format string from another module stays a hole: the formatting is
    # not redone.
    raise ValueError(TEMPLATE % key)


def load_compat(path):
    from pkg.compat import LoaderFailure

    raise LoaderFailure("path", path)


def read_config(path):
    from pkg.compat import FileError

    raise FileError(f"Configuration file {path!r} does not exist.")

import pkg
from pkg import Error
from pkg.errors import BaseAppError


def main(argv, n):
    raise pkg.ConfigError("mode", argv[1])
    raise Error("bad header", n)
    raise BaseAppError("plain")
    raise BaseAppError("with code", code=7)

# Exception classes that build their message from the arguments of the
# raise in ways the class's own text does not show.


class Error(Exception):
    """A bitstring-style base: the first argument is a str.format format
    for the others."""

    def __init__(self, *params):
        self.msg = params[0] if params else ''
        self.params = params[1:]

    def __str__(self):
        if self.params:
            return self.msg.format(*self.params)
        return self.msg


class ReadError(Error, IndexError):
    def __init__(self, *params):
        Error.__init__(self, *params)


class LogStyle(Exception):
    def __init__(self, fmt, *args):
        self.fmt = fmt
        self.args2 = args

    def __str__(self):
        return self.fmt.format(*self.args2)


def read(n, available):
    if n > available:
        raise ReadError("Cannot read {0} bits, only {1} available.", n, available)
    if n < 0:
        raise Error("Cannot read negative amount.")
    raise LogStyle("bad token {!r} at {}", n, available)

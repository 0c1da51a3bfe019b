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


class JoinedError(Exception):
    # The message is a property joining the texts given, beyond reading:
    # the first argument's text is the best guess.
    def __init__(self, autos, errors=None):
        self.autos = autos if type(autos) is list else [autos]
        self.errors = errors if type(errors) is list else [errors]
        Exception.__init__(self, self.code)

    @property
    def code(self):
        data_set = [i for i in self.autos if i is not None]
        error_list = [i for i in self.errors if i is not None]
        if error_list:
            return "\n".join(error_list)
        return "\n".join(data_set)


def validate(data, error):
    raise JoinedError("%r should be instance of int" % data, error)

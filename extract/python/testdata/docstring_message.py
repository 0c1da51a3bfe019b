# Exceptions whose message is their class's docstring when raised
# without one, and a __str__ that leaves some cases to its base's
# (modelled on dnspython's DNSException).


class Base(Exception):
    def __init__(self, message=None):
        super().__init__(message or self.__doc__)


class NotFound(Base):
    """The requested entry does not exist."""


class DocErr(Exception):
    # self.msg is str(self) when keywords are passed, else the docstring.
    msg = None

    def __init__(self, *args, **kwargs):
        if kwargs:
            self.kwargs = kwargs
            self.msg = str(self)
        if self.msg is None:
            self.msg = self.__doc__
        if args:
            super().__init__(*args)
        else:
            super().__init__(self.msg)


class LabelTooLong(DocErr):
    """A DNS label is > 63 octets long."""


class Formatted(Exception):
    fmt = None

    def __init__(self, *args, **kwargs):
        self.kwargs = kwargs
        super().__init__(*args)

    def __str__(self):
        if self.kwargs and self.fmt:
            return self.fmt.format(**self.kwargs)
        return super().__str__()


class TransferError(Formatted):
    def __init__(self, rcode):
        message = "Zone transfer error: %s" % rcode
        super().__init__(message)


def check(name, rcode):
    if not name:
        raise NotFound()
    if len(name) > 63:
        raise LabelTooLong
    if name == "-":
        raise LabelTooLong("a label may not be a hyphen")
    raise TransferError(rcode)

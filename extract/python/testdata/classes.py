"""Exception classes that build their own messages, in one file."""


class DecodeError(ValueError):
    """The json.decoder pattern: __init__ formats, Base.__init__ stores."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.pos = pos


class NotFound(LookupError):
    def __init__(self, name, *, kind="file"):
        super().__init__(f"no such {kind}: {name!r}")


class WithStr(Exception):
    def __init__(self, code, reason=None):
        self.code = code
        self.reason = reason or "unknown"

    def __str__(self):
        return f"[{self.code}] {self.reason}"


class FromArgs(Exception):
    def __str__(self):
        return "failed: %s" % self.args[0]


class StrIsRepr(Exception):
    def __init__(self, what):
        self.what = what

    def __repr__(self):
        return "StrIsRepr(%r)" % self.what

    __str__ = __repr__


class Inherits(NotFound):
    pass


class Narrower(NotFound):
    def __init__(self, path):
        super().__init__(path, kind="directory")


class MissingKey(KeyError):
    pass


class NoSuper(Exception):
    def __init__(self, a, b):
        self.a = a


class ClassMessage(Exception):
    message = "the operation timed out after %d seconds"

    def __init__(self, seconds):
        super().__init__(self.message % seconds)


def raises(s, err, name, p, key, n):
    raise DecodeError("Expecting value", s, err.value)
    raise NotFound(name)
    raise NotFound(name, kind="module")
    raise WithStr(404)
    raise WithStr(500, reason="server error")
    raise FromArgs("disk full")
    raise StrIsRepr(name)
    raise Inherits("config.ini")
    raise Narrower(p)
    raise MissingKey(key)
    raise NoSuper(1, name)
    raise ClassMessage(n)
    raise DecodeError


def make_error(what, pos):
    return DecodeError("bad " + what, doc, pos)


def plain_factory(name):
    return KeyError(name)


class Parser:
    def error(self, msg):
        return NotFound(msg, kind="token")

    def parse(self, tok, pos):
        raise make_error("token", pos)
        raise plain_factory(tok)
        raise self.error(tok)
        raise helper(tok)


class DOMError(Exception):
    def __init__(self, *args, **kw):
        Exception.__init__(self, *args, **kw)


class IndexSizeErr(DOMError):
    code = 1


class Wrapped(WithStr):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


def passthrough(n):
    raise IndexSizeErr("offset cannot be negative")
    raise Wrapped(n, reason="teapot")


class Buried(Exception):
    code = 400

    def __init__(self, message):
        self.description = json_dumps({"message": message})

    def __str__(self):
        return f"{self.code} Bad Request: {self.description}"


class ServiceError(Exception):
    code = "UnspecifiedErrorCode"
    message = "An unspecified service error occurred"

    def __init__(self, *args):
        if len(args) == 1:
            msg = args[0]
        else:
            msg = self.message
        super().__init__(msg)
        self.message = msg

    def __str__(self):
        return f"{self.code}: {self.message}"


class SnapshotNotFound(ServiceError):
    code = "SnapshotNotFoundFault"

    def __init__(self, name):
        super().__init__(f"Snapshot {name} not found.")


def attributes(name):
    raise Buried("Start of structure or map found where not expected")
    raise SnapshotNotFound(name)


_IDLE = "Idle"
_BUSY = "Request-sent"


class NotReady(Exception):
    pass


class Connection:
    # self._state holds only constant texts: the raise says one of them.
    def __init__(self):
        self._state = _IDLE
        self._errors = []
        self._mode = None

    def send(self):
        self._state = _BUSY
        self._mode = "w"

    def reset(self, state):
        self._other = state

    def response(self):
        if self._state != _BUSY:
            raise NotReady(self._state)
        if self._errors:
            raise NotReady(self._errors)
        raise NotReady("mode %s, other %s" % (self._mode, self._other))


class Labelled:
    # self._state is set from a parameter: a call modelled for go() passes
    # "Ready", which says nothing of what check() raises.
    def label(self, state):
        self._state = state
        return "state " + self._state

    def go(self):
        raise ValueError(self.label("Ready"))

    def check(self):
        raise RuntimeError(self._state)

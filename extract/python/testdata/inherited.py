"""Subclasses that bind the constants their bases' methods format, bare
raises of classes, helpers inherited through generic bases, and raises of
an exception given another traceback or raised by six.raise_from, and a
message formatted when printed, read through typing.cast or a
property."""
import typing as t
from typing import cast

T = t.TypeVar("T")


class ServiceError(Exception):
    """The botocore pattern: each subclass binds its own fmt."""

    fmt = "An unspecified error occurred"

    def __init__(self, **kwargs):
        msg = self.fmt.format(**kwargs)
        Exception.__init__(self, msg)
        self.kwargs = kwargs


class UnknownService(ServiceError):
    fmt = "Unknown service: '{service_name}'. Valid service names are: {known}"


class ConfigInvalid(ServiceError):
    """A format that is one keyword alone: the raise's text is the message."""

    fmt = "{error_msg}"


class WaiterFailed(ServiceError):
    fmt = "Waiter {name} failed: {reason}"

    def __init__(self, name, reason, last_response):
        super().__init__(name=name, reason=reason)
        self.last_response = last_response


class SlowWaiter(WaiterFailed):
    fmt = "Waiter {name} timed out: {reason}"


class NoCredentials(ServiceError):
    fmt = "Unable to locate credentials"


class Reported(Exception):
    fmt = "report failed"

    def __init__(self, **kw):
        self.kw = kw

    def __str__(self):
        return self.fmt.format(**self.kw)


class MissingKey(Reported):
    fmt = "missing key {key}"


class Frozen(AttributeError):
    def __init__(self):
        super().__init__("can't set attribute")


class FrozenInstance(Frozen):
    pass


class Positioned(ValueError):
    def __init__(self, msg, pos):
        super().__init__(f"{msg} at {pos}")


class Deferred(ValueError):
    """Formats its arguments when printed (dateutil's ParserError)."""

    def __str__(self):
        try:
            return self.args[0] % self.args[1:]
        except (TypeError, IndexError):
            return super().__str__()


class ParamType(t.Generic[T]):
    def fail(self, message):
        raise ValueError(message)


class IntParam(ParamType[int]):
    def convert(self, value):
        self.fail(f"{value!r} is not a valid integer.")


def raises(name, names, w, why, k):
    raise UnknownService(service_name=name, known=names)
    raise WaiterFailed(w, why, None)
    raise SlowWaiter(w, why, None)
    raise ServiceError()
    raise NoCredentials
    raise MissingKey(key=k)
    raise ConfigInvalid(error_msg=f"Invalid value {k!r} for retries. Value must be an integer")
    raise FrozenInstance
    raise Positioned


def grafted(name, exc, tb):
    raise Positioned(name, 3).with_traceback(tb)
    raise exc.with_traceback(None)


def compatible(timestr, e):
    six.raise_from(Positioned(str(e) + ": bad time", 0), e)
    raise_from(ValueError("bad time %r" % timestr), None)
    log.raise_from_cache(timestr)


def deferred(timestr, n):
    raise Deferred("Unknown string format: %s", timestr)
    raise Deferred("%d items, %r left", n, timestr)


class Located(Exception):
    def __init__(self, message, lineno):
        super().__init__(message)
        self.text = message
        self.lineno = lineno

    def __str__(self):
        return t.cast(str, self.text) + f" (line {self.lineno})"


def casts(msg, n):
    raise Located(msg, n)
    raise ValueError(cast(str, msg) + " is not a number")


class TemplateError(Exception):
    def __init__(self, message=None):
        super().__init__(message)

    @property
    def message(self):
        return self.args[0] if self.args else None


class SyntaxProblem(TemplateError):
    def __init__(self, message, lineno):
        super().__init__(message)
        self.lineno = lineno

    def __str__(self):
        return f"{self.message} (line {self.lineno})"


def properties(n):
    raise SyntaxProblem("unexpected end of template", n)


class JoseError(Exception):
    # The base formats class attributes that subclasses bind, one of them
    # replaced by the argument when one is passed.
    error = ""
    description = ""

    def __init__(self, description=None):
        if description is not None:
            self.description = description
        message = "{}: {}".format(self.error, self.description)
        super().__init__(message)


class DecodeError(JoseError):
    error = "decode_error"


class ExpiredTokenError(JoseError):
    error = "expired_token"
    description = "The token is expired"


def decode(token):
    if not token:
        raise DecodeError("Invalid JSON Web Signature")
    raise ExpiredTokenError()

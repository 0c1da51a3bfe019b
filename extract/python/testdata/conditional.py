"""Raises of a conditional expression: one site, a message per branch."""


class LookupFailed(Exception):
    def __init__(self, key):
        super().__init__(f"lookup failed for {key!r}")


def check(value, strict):
    raise ValueError(f"bad value {value}") if strict else TypeError("expected a number")


def find(table, key):
    raise (LookupFailed(key) if key in table else KeyError(key))


def reraise(err, code):
    raise err if err is not None else RuntimeError(f"failed with code {code}")


def nested(a, b):
    raise OSError("first") if a else OSError("second") if b else OSError("third")


def same(flag):
    raise ValueError("same message") if flag else ValueError("same message")


def one(iterable, too_short=None, too_long=None):
    # The exception the caller passed, else one built here.
    it = iter(iterable)
    try:
        first = next(it)
    except StopIteration as e:
        raise (too_short or ValueError("too few items in iterable (expected 1)")) from e
    msg = "Expected exactly one item in iterable, but got {!r}, and perhaps more.".format(first)
    raise too_long or ValueError(msg)

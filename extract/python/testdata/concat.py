"""Concatenation and conversions."""


def plus(name, count):
    raise ValueError("unknown name: " + name + " (" + str(count) + " known)")


def repr_call(value):
    raise ValueError("bad value " + repr(value))


def error_text(path):
    try:
        open(path)
    except OSError as e:
        raise RuntimeError("cannot read config: " + str(e)) from e


def repeated(title):
    raise ValueError("=" * 10 + " " + title)


def numbers_added(a, b):
    raise ValueError(a + b)


def str_of_known():
    raise ValueError("limit is " + str(10) + ", ratio " + str(1.50) + ", flag " + str(True) + ", " + repr(None))


def capped(kind, name):
    raise ValueError(("invalid %s %r: details follow" % (kind, name))[:256])

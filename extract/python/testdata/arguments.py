"""How constructor arguments become str(exception)."""
import errno
import os


def no_arguments():
    raise ValueError()


def class_without_call():
    raise StopIteration


def several(name, value):
    raise ValueError("Expecting value", name, value)


def key_error(key):
    raise KeyError(key)


def key_error_literal():
    raise KeyError("missing")


def key_error_several(a, b):
    raise KeyError(a, b)


def os_errors(path, other):
    raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
    raise OSError(errno.EEXIST, "File exists", path, None, other)
    raise OSError(errno.EIO, "I/O error")
    raise OSError("just a message")


def unicode_errors(data, pos):
    raise UnicodeDecodeError("utf-8", data, pos, pos + 1, "invalid start byte")


def cause(err):
    raise ValueError("bad input") from err


def traceback_kept(tb):
    raise ValueError("again").with_traceback(tb)


def splat(args):
    raise ValueError(*args)


def keyword_message(response):
    raise HTTPError(message="request failed", response=response)


def keyword_ignored_by_builtins(name):
    raise ImportError("cannot import name " + name, name=name)


def generator_argument(items):
    raise ValueError(x for x in items)


def factory(pos):
    raise self_error("unexpected token", pos)


def tuple_message(a):
    raise ValueError(("a", a))

import errno
import os
from errno import EACCES
from os import strerror


def missing(path):
    raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)


def denied(path):
    raise PermissionError(EACCES, strerror(EACCES), path)


def moved(src, dst):
    raise OSError(errno.EXDEV, "cannot move across devices", src, None, dst)


def remapped(name):
    # OSError picks the subclass of a mapped errno: FileExistsError.
    raise OSError(errno.EEXIST, "already there", name)


def unmapped():
    raise OSError(errno.EBADF, "read() on write-only object")


def runtime(code, path):
    raise OSError(code, os.strerror(code), path)


def chosen(name, num, msg, filename):
    cls = getattr(__builtins__, name, RuntimeError)
    if issubclass(cls, OSError) and num:
        raise cls(num, msg, filename)
    raise cls(msg)


class ResponseError(OSError):
    def __init__(self, code, msg):
        self.code = code
        self.msg = msg
        self.args = (code, msg)


class SilentError(OSError):
    def __init__(self, code, msg):
        self.code = code


class PassingError(OSError):
    def __init__(self, path):
        super().__init__(errno.ENOTDIR, "Not a directory", path)


def responses(path):
    if path:
        raise ResponseError(550, "mailbox unavailable")
    if path is None:
        raise SilentError(1, "quiet")
    raise PassingError(path)


def partial_write(e, written):
    raise BlockingIOError(e.errno, "write could not complete without blocking", written)


def blocked_file(path):
    raise BlockingIOError(errno.EAGAIN, "locked", "/var/lock/app")


class Retry(BlockingIOError):
    pass


def retry(written):
    raise Retry(errno.EAGAIN, "try again", written)

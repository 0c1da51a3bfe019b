# A Python 2 module.
import os


def old_raise(x):
    if x < 0:
        raise ValueError, "negative: %d" % x
    raise KeyError, (x, "extra")


def old_except(path):
    try:
        os.remove(path)
    except OSError, e:
        print "cannot remove", path
        raise IOError("remove failed: %s" % e)


def backticks(x):
    return `x`


def fine():
    raise RuntimeError("still found")

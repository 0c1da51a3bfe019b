# A Python 2 module whose middle is damaged: an unclosed call swallows the
# statements after it.
import sys


def before(x):
    raise ValueError, "before the damage: %r" % (x,)


print >>sys.stderr, "starting"
register(1, 2,
    raise KeyError, "in the damage"

def after():
    assert sys.argv, "lost in the damage"
    raise RuntimeError("lost too")

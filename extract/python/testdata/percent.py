"""%-formatting forms."""


def tuple_operand(msg, lineno, colno, pos):
    raise ValueError("%s: line %d column %d (char %d)" % (msg, lineno, colno, pos))


def single_operand(encoding):
    raise LookupError("unknown encoding: %s" % encoding)


def repr_and_escape(value, pct):
    raise ValueError("bad value %r, %d%% done, 100%%" % (value, pct))


def dict_operand(name, age):
    raise ValueError("%(name)s is %(age)d years old" % {"name": name, "age": age})


def mapping_variable(info):
    raise ValueError("%(host)s:%(port)d unreachable" % info)


def locals_mapping(host, port):
    raise ValueError("%(host)s:%(port)d unreachable" % locals())


def tuple_variable(pair):
    raise ValueError("%s=%s" % pair)


def widths(n, x, w):
    raise ValueError("%-10s|%5.2f|%*d|%#x" % (n, x, w, n, n))


def known_operands():
    raise ValueError("%s has %d items, %r" % ("list", 3, "quoted"))


def parenthesized_single(name):
    raise ValueError("no such name: %s" % (name))


def mismatched(a):
    raise ValueError("%s and %s" % (a,))


def comparable(other):
    # repr() of a tuple is its items' reprs, unquoted.
    kinds = (tuple, list, "name")
    if not isinstance(other, kinds):
        raise TypeError("other type %r must be in %r" % (type(other), kinds))

# A format built at run time ('%%0%dd' % width is '%04d' for 4): its text
# is not all known here, so a format of it is no malformed format.
_width = len(repr(sys.maxsize - 1))
_fmt = '%%0%dd' % _width


def boundary(token):
    b = ('=' * 15) + (_fmt % token) + '=='
    raise ValueError('bad boundary %s' % b)

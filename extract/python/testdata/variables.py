"""Messages held in variables."""
import os

DEFAULT_MESSAGE = "operation failed"
TEMPLATE = "cannot convert %s to %s"


def simple(x):
    msg = "value out of range: %d" % x
    raise ValueError(msg)


def augmented(mask, n):
    msg = "mask of %d bits" % len(mask)
    msg += " is too long"
    if n > 3:
        msg += " (limit %d)" % n
    raise ValueError(msg)


def branches(kind, name):
    if kind == "file":
        msg = "no such file: %s" % name
    elif kind == "dir":
        msg = "no such directory: %s" % name
    else:
        msg = "no such thing"
    raise FileNotFoundError(msg)


def maybe_reassigned(verbose, detail):
    msg = "failed"
    if verbose:
        msg = "failed: " + detail
    raise RuntimeError(msg)


def module_constant():
    raise RuntimeError(DEFAULT_MESSAGE)


def module_template(a, b):
    raise TypeError(TEMPLATE % (a, b))


def parameter(message):
    raise ValueError(message)


def opaque(x):
    msg = compute_message(x)
    raise ValueError(msg)


def in_loop(items):
    for item in items:
        err = "bad item " + repr(item)
        if not item:
            raise ValueError(err)


def in_except(path):
    try:
        data = open(path).read()
    except OSError as exc:
        reason = "unreadable: %s" % exc
        raise RuntimeError(reason)
    return data


def closure(limit):
    text = "over the limit of %d" % limit

    def check(v):
        if v > limit:
            raise ValueError(text)

    return check


def none_first(flag):
    error = None
    if flag:
        error = "flag is set"
    if error:
        raise ValueError(error)


def conditional(flag):
    msg = "on" if flag else "off"
    raise ValueError("state: " + msg)


def environment():
    name = os.environ.get("APP_MODE", "dev")
    raise ValueError("unsupported mode " + name)


class Limits:
    MESSAGE = "limit exceeded: %d"

    def check(self, n):
        raise ValueError(self.MESSAGE % n)

    def check_class(self, n):
        raise ValueError(Limits.MESSAGE % n)


msg = "module level"
if os.name == "nt":
    msg = "module level on Windows"
raise ImportError(msg)


def read_sections(lines, strict):
    # A loop carries sectname from the branch that sets it to the branch
    # that raises: it is not only the None it starts as.
    sectname = None
    seen = set()
    for lineno, line in enumerate(lines, start=1):
        if line.startswith("["):
            sectname = line.strip("[]")
        elif sectname is None:
            raise ValueError("line %d: no section header" % lineno)
        else:
            key = (sectname, line)
            if strict and key in seen:
                raise KeyError("option %r in section %r already exists" % (line, sectname))
            seen.add(key)


def count_lines(lines):
    # A number that a loop increments stays a number: n + 1 adds.
    n = 0
    for line in lines:
        n = n + 1
        if not line:
            raise ValueError("empty line %d" % n)
    total = 0
    while True:
        total += 1
        if total > 10:
            raise RuntimeError("gave up after %s tries" % total)

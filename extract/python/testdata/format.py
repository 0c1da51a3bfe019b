"""str.format forms."""


def positional(want, got):
    raise ValueError("expected {} got {}".format(want, got))


def numbered(a, b):
    raise ValueError("{0} vs {1} ({0})".format(a, b))


def named(path, mode):
    raise OSError("cannot open {path!r} in mode {mode}".format(path=path, mode=mode))


def escapes(key):
    raise KeyError("{{literal}} and {}".format(key))


def fields(obj, pos, d):
    raise ValueError("{0.name} at {1[0]} in {2[key]}".format(obj, pos, d))


def specs(ratio, width, value):
    raise ValueError("{:.1%} and {:>{}} and {:d}".format(ratio, value, width, value))


def star_args(args):
    raise ValueError("{} then {}".format(*args))


def double_star(kwargs):
    raise ValueError("{host}:{port}".format(**kwargs))


def format_map(cfg):
    raise ValueError("{host}:{port}".format_map(cfg))


def locals_format(host):
    raise ValueError("{host} is down".format(**locals()))


def known_arguments():
    raise ValueError("{} items in {!r}".format(3, "box"))


def format_builtin(x):
    raise ValueError("value " + format(x, ".2f"))

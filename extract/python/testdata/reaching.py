# What a raise reads of a variable that other paths rebind.


def pretty_in(value):
    # float(value) failed: the handler sees value as it was, a text; the
    # hole is not a float.
    try:
        value = float(value)
    except ValueError:
        raise ValueError("Bad real value syntax: %s" % (value,))
    return value


def convert(x, strings=True):
    # The branch that rebinds x returns: the raise sees the parameter,
    # any object, whose repr is not a quoted text.
    if strings and isinstance(x, str):
        x = x.lower()
        return x
    raise TypeError("cannot create mpf from " + repr(x))

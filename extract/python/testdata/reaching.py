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


class RefactoringError(Exception):
    pass


def _is_expression_with_error(nodes):
    if any(n == "name" for n in nodes):
        return False, "Cannot extract a name that defines something"
    if nodes[0] not in ("atom", "power"):
        return False, 'Cannot extract a "%s"' % nodes[0]
    return True, None


def extract_variable(nodes):
    # The message is the second item of the tuples the check returns.
    is_expression, message = _is_expression_with_error(nodes)
    if not is_expression:
        raise RefactoringError(message)


def first_readable(paths):
    # The loop's else clause sees what a pass through the body binds.
    reason = "no paths given"
    for p in paths:
        try:
            return open(p)
        except OSError as e:
            reason = e.strerror
    else:
        raise LookupError(f"cannot read any path: {reason}")

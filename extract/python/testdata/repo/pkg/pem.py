# Messages built by a formatting helper of another module.
from . import _format
from ._format import shout, unwrap


def armor(data, kind):
    if not data:
        raise ValueError(unwrap(
            '''
            data does not appear to contain PEM-encoded data - no
            BEGIN/END combination found in %s bytes of %r
            ''',
            len(data), kind
        ))
    if kind is None:
        raise TypeError(_format.unwrap("kind must be a str, not %s", type(kind).__name__))
    raise ValueError(shout("unknown kind %s", kind))


# One call, as written, in two functions, each with its own text.
def coerce_boolean(value):
    msg = "Failed to coerce string to boolean! (%r)"
    raise ValueError(unwrap(msg, value))


def coerce_pattern(value):
    msg = "Failed to coerce value to compiled regular expression! (%r)"
    raise ValueError(unwrap(msg, value))

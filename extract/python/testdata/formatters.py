# Text formatting helpers: functions that return their first argument
# formatted with the others.
import re
import textwrap


def unwrap(string, *params):
    output = textwrap.dedent(string)
    if output.find("\n") != -1:
        output = re.sub(r"(?<=\S)\n(?=[^ \n\t])", " ", output)
    if params:
        output = output % params
    output = output.strip()
    return output


def format(text, *args, **kw):
    if args:
        text %= args
    if kw:
        text = text.format(**kw)
    return text


def compact(text, *args, **kw):
    tokens = text.split()
    return format(" ".join(tokens), *args, **kw)


def label(text, *args):
    # Not a formatter: it never formats its text with its arguments.
    return text + repr(args)


class Checker:
    def fmt(self, text, *args):
        # A method: self is its first parameter, not the text.
        return text % args


def load(pem_bytes, size, tokens):
    if not pem_bytes:
        raise ValueError(unwrap(
            '''
            pem_bytes does not appear to contain PEM-encoded data - no
            BEGIN/END combination found in %s bytes
            ''',
            len(pem_bytes)
        ))
    msg = "Failed to parse size! (input %r was tokenized as %r)"
    if size < 0:
        raise ValueError(format(msg, size, tokens))
    if tokens:
        raise ValueError(compact("""
            Unsupported unit {unit} in
            {size}
        """, unit=tokens[0], size=size))
    raise ValueError(label("no tokens in ", size))


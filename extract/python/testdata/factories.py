# Factories called on objects of unknown class, and exception classes whose
# __init__ reassigns a parameter on some paths only (modelled on re's
# Tokenizer.error and re.error).


class PatternError(Exception):
    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
        super().__init__(msg)


class Tokenizer:
    def __init__(self, string):
        self.string = string
        self.index = 0

    def tell(self):
        return self.index

    def error(self, msg, offset=0):
        return PatternError(msg, self.string, self.tell() - offset)


def parse(source, start):
    # One factory method named "error" in the module: source.error is it.
    raise source.error("unterminated character set", source.tell() - start)


def no_position():
    # pos keeps its default None: the branch that appends it is not taken.
    raise PatternError("too many groups")


class Reader:
    def fail(self, msg):
        return ValueError("reader: " + msg)


class Writer:
    def fail(self, msg):
        return ValueError("writer: " + msg)


def ambiguous(obj):
    # Two classes define a factory "fail": the call is not resolved, and
    # the first literal argument is the best guess at the message.
    raise obj.fail("cannot continue")


def param_on_some_paths(value, detail="no detail"):
    if value < 0:
        detail = "negative: %d" % value
    raise ValueError(detail)


def _plural_error(value):
    # Each returned exception of the class gives the raise a message.
    if value:
        return ValueError("unexpected token in plural form: %s" % value)
    else:
        return ValueError("unexpected end of plural form")


def parse_plural(tok):
    if tok != "n":
        raise _plural_error(tok) from None

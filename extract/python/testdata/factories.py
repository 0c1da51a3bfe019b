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


class ParsingError(Exception):
    def __init__(self, source=None, filename=None):
        # A deprecated parameter rebinds source on one path: a caller
        # passing source gets its value in the message, not filename's
        # default.
        if filename:
            source = filename
        Exception.__init__(self, "Source contains parsing errors: %r" % source)

    def append(self, lineno, line):
        self.args = (self.args[0] + "\n\t[line %2d]: %s" % (lineno, line),)


class Reader:
    def _handle_error(self, exc, fpname, lineno, line):
        # A factory returning a variable bound to an exception.
        if not exc:
            exc = ParsingError(fpname)
        exc.append(lineno, repr(line))
        return exc

    def read(self, lines, fpname):
        # The raised variable is bound by calls of the factory only.
        e = None
        for lineno, line in enumerate(lines):
            if line.startswith("="):
                e = self._handle_error(e, fpname, lineno, line)
            elif line.startswith(" "):
                e = self._handle_error(e, fpname, lineno, line)
        if e:
            raise e


def parse_source(name):
    raise ParsingError(name)


class XPathToken:
    # The factory builds a class it looks up by the code: the argument of
    # words is the best guess at the message, not the code before it.
    def error(self, code, message=None):
        error_class, default_message = XPATH_ERROR_CODES[code]
        return error_class(message or default_message, code=code, token=self)

    def nud(self):
        raise self.error("XPST0017", "unknown function {!r}".format(self.value))

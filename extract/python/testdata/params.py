# Sites that raise what their callers pass: each call in the file gives
# the site a template, and a parameter's default one more.


class StatsError(ValueError):
    pass


def _fail_neg(values, errmsg="negative value"):
    for x in values:
        if x < 0:
            raise StatsError(errmsg)
        yield x


def harmonic_mean(data):
    errmsg = "harmonic mean does not support negative values"
    return sum(_fail_neg(data, errmsg))


def geometric_mean(data):
    return sum(_fail_neg(data, errmsg="geometric mean requires positive values"))


class TestCase:
    failureException = AssertionError

    def fail(self, msg=None):
        raise self.failureException(msg)

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail("%r not found in %r" % (member, container))

    def assertIsNone(self, obj):
        if obj is not None:
            self.fail(f"{obj!r} is not None")


def check(value, what):
    # The callers pass texts built from their own values.
    if not value:
        raise ValueError(f"{what} must be set")


def configure(opts):
    check(opts.host, "host")
    check(opts.port, f"port of {opts.host}")


class Context:
    def __init__(self, test_case, msg=None):
        self.test_case = test_case
        self.msg = msg

    def _formatMessage(self, msg, standardMsg):
        return msg or standardMsg

    def _raiseFailure(self, standardMsg):
        # The parameter passes through a call and a variable, and still
        # takes what the callers pass.
        msg = self._formatMessage(self.msg, standardMsg)
        raise AssertionError(msg)

    def __exit__(self, exc_type, exc_name):
        if exc_type is None:
            self._raiseFailure("{} not raised".format(exc_name))


class NestingError(Exception):
    def __init__(self, message, line_number, line):
        self.line = line
        super().__init__(message)


class Reader:
    # The class is a parameter too: what the callers pass prints its
    # message, the first argument.
    def _handle_error(self, text, ErrorClass, infile, cur_index):
        message = "{0} at line {1}.".format(text, cur_index + 1)
        raise ErrorClass(message, cur_index, infile[cur_index])

    def parse(self, infile, i):
        self._handle_error("Section too nested", NestingError, infile, i)


class ConfigurationError(ValueError):
    pass


def assert_config(value, options, msg="Got %r, expected one of %s"):
    # The message parameter is a format the callers may pass.
    if value not in options:
        raise ConfigurationError(msg % (value, options))


def set_parser(parser):
    assert_config(parser, ("earley", "lalr"), "invalid parser %r among %s")


class GrammarError(Exception):
    pass


class GrammarLoader:
    # A format the callers pass, with names past the parameters collected
    # by *names.
    def _grammar_error(self, is_term, msg, *names):
        args = {}
        for i, name in enumerate(names, start=1):
            args["name" + ("" if i == 1 else str(i))] = name
        raise GrammarError(msg.format(**args))

    def check(self, d, sym, name):
        self._grammar_error(d.is_term, "{Type} '{name}' used but not defined (in {type2} {name2})", sym, name)
        self._grammar_error(d.is_term, "Rule {name} defined more than once", name)

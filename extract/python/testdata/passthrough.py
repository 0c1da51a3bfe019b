# Messages that callers build and pass through helpers to a raise of a
# parameter: every call of the raising function in the file gives it a
# template, resolved through the caller's variables and through helpers
# that return one of their parameters.


def pick(msg, default):
    # A pass-through: returns one of its parameters.
    if msg is None:
        return default
    return msg


def report(msg):
    raise ValueError(msg)


def load(path, msg=None):
    report(pick(msg, "cannot load %s" % path))


def save(path):
    text = "cannot save %r" % (path,)
    report(text)


def no_header(fpname, lineno):
    # The message's own lines stay whole: only lines the callers pass
    # are cut after the first.
    raise ValueError("File contains no section headers.\nfile: %r, line: %d" % (fpname, lineno))


def read_string(text, source="<string>"):
    if not text.startswith("["):
        no_header(source, 1)


class Base:
    failureException = AssertionError
    longMessage = True

    def fail(self, msg=None):
        raise self.failureException(msg)

    def _formatMessage(self, msg, standardMsg):
        # Returns its second parameter when the caller adds no note.
        if msg is not None and self.longMessage:
            return f"{standardMsg} : {msg}"
        return standardMsg

    def _truncateMessage(self, message, diff):
        if len(diff) <= 640:
            return message + diff
        return message + "\n[diff is %d characters long]" % len(diff)


class Case(Base):
    def assertGreater(self, a, b, msg=None):
        if not a > b:
            standardMsg = "%r not greater than %r" % (a, b)
            self.fail(self._formatMessage(msg, standardMsg))

    def assertSequenceEqual(self, seq1, seq2, msg=None):
        differing = "Sequences differ: %r != %r\n" % (seq1, seq2)
        for i, (x, y) in enumerate(zip(seq1, seq2)):
            if x != y:
                differing += "\nFirst differing element %d:\n%r\n%r\n" % (i, x, y)
                break
        if len(seq1) > len(seq2):
            differing += "\nFirst sequence contains %d additional elements.\n" % (len(seq1) - len(seq2))
        diff = "\n" + "\n".join(map(str, seq1))
        standardMsg = self._truncateMessage(differing, diff)
        msg = self._formatMessage(msg, standardMsg)
        self.fail(msg)

    @classmethod
    def error(cls, msg):
        raise cls.failureException(msg)

    @classmethod
    def check_class(cls, name):
        if not name:
            cls.error("class has no name")
        if name.startswith("_"):
            cls.error(f"class {name} is private")

# A class whose message is its first argument, followed by a code's help
# text when the instance has a code: its raises' first template should
# be their own text, not the holes and the space between them (modelled
# on a database toolkit's base exception).


class CodedError(Exception):
    code = None

    def __init__(self, *args, code=None):
        if code:
            self.code = code
        super().__init__(*args)

    def _help(self):
        if not self.code:
            return ""
        return "(see https://docs.example.org/errors/%s)" % (self.code,)

    def _text(self):
        if len(self.args) == 1:
            text = self.args[0]
            if isinstance(text, bytes):
                text = text.decode("utf-8", "replace")
            return str(text)
        return str(self.args)

    def __str__(self):
        message = self._text()
        if self.code:
            message = "%s %s" % (message, self._help())
        return message


class ArgumentError(CodedError):
    pass


def define(name, tables):
    if name in tables:
        raise ArgumentError("Table '%s' is already defined for this registry." % name)
    raise ArgumentError("Tables must be named.", code="t01")

class ParserSyntaxError(Exception):
    """The parser met text it does not expect."""

    def __init__(self, message, *, source, span):
        self.span = span
        self.message = message
        self.source = source
        super().__init__()

    def __str__(self):
        marker = " " * self.span[0] + "^"
        return "\n    ".join([self.message, self.source, marker])


class Tokenizer:
    def __init__(self, source):
        self.source = source
        self.position = 0

    def raise_syntax_error(self, message, *, span_start=None):
        """Raise ParserSyntaxError at the current position."""
        span = (self.position if span_start is None else span_start, self.position)
        raise ParserSyntaxError(message, source=self.source, span=span)

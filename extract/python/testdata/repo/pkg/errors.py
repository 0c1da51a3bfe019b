class BaseAppError(Exception):
    """Errors of the app: a code and a message."""

    def __init__(self, message, code=1):
        super().__init__(message)
        self.code = code

    def __str__(self):
        return f"E{self.code}: {self.args[0]}"


class ConfigError(BaseAppError):
    def __init__(self, key, value):
        super().__init__(f"bad value {value!r} for {key}", code=2)


class ParseError(ValueError):
    def __init__(self, msg, lineno):
        self.lineno = lineno
        super().__init__("%s (line %d)" % (msg, lineno))

# A message an instance attribute holds: __init__ sets it to the caller's
# text or the class's default one, and the method that raises formats it,
# itself or through a helper method (modelled on a validation library's
# validators).


class InvalidValue(Exception):
    pass


class Choice:
    default_message = "Expected one of: {options}."

    def __init__(self, options, message=None):
        self.options_text = ", ".join(str(o) for o in options)
        self.options = options
        self.message = message or self.default_message

    def __call__(self, value):
        if value not in self.options:
            raise InvalidValue(self.message.format(value=value, options=self.options_text))
        return value


class Url:
    default_message = "Not a URL: {value!r}."

    def __init__(self, *, message=None):
        self.message = message or self.default_message

    def _render(self, value):
        return self.message.format(value=value)

    def __call__(self, value):
        text = self._render(value)
        if "://" not in value:
            raise InvalidValue(text)
        return value

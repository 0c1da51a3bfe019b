# Messages kept in tables of texts by key that class bodies bind, merged
# into the instance's table by __init__, a subclass's entries replacing
# its bases' (modelled on form and schema validation libraries).


class FormError(Exception):
    pass


class Input:
    default_error_messages = {
        "required": "This input is required.",
        "blank": "This input may not be blank.",
    }

    def __init__(self, error_messages=None):
        table = {}
        for cls in reversed(type(self).__mro__):
            table.update(getattr(cls, "default_error_messages", {}))
        table.update(error_messages or {})
        self.error_messages = table

    def error(self, key, **kwargs):
        text = self.error_messages[key]
        if isinstance(text, str):
            text = text.format(**kwargs)
        return FormError(text)

    def clean(self, value):
        if value is None:
            raise self.error("required")
        if value == "":
            raise FormError(self.error_messages["blank"])
        return value


class Port(Input):
    default_error_messages = {
        "invalid": "Enter a whole number.",
        "range": "Ensure this port is between 1 and {top}, not {value}.",
        "blank": "A port may not be blank.",
    }

    def clean(self, value):
        if value == "":
            raise FormError(self.error_messages["blank"])
        try:
            port = int(value)
        except ValueError:
            raise self.error("invalid")
        if not 0 < port < 65536:
            raise self.error("range", top=65535, value=port)
        return port

# An exception that aggregates others and prints its first (modelled on
# voluptuous's MultipleInvalid): raised with a list display, its message
# is the first item's, not the list's brackets.


class Invalid(Exception):
    pass


class MultipleInvalid(Invalid):
    def __init__(self, errors):
        self.errors = errors

    def __str__(self):
        return str(self.errors[0])


class Copied(Invalid):
    def __init__(self, errors=None):
        self.errors = errors[:] if errors else []

    def __str__(self):
        return str(self.errors[0])


def validate(schema, data):
    try:
        return schema(data)
    except MultipleInvalid:
        raise
    except Invalid as e:
        raise MultipleInvalid([e])


def validate_all(checks, data):
    errors = []
    for check in checks:
        try:
            check(data)
        except Invalid as e:
            errors.append(e)
    if errors:
        raise Copied(errors)

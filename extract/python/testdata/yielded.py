"""Generators of errors: a validator yields the exceptions its caller
raises (jsonschema's keywords), each built where it is yielded."""


class ValidationError(Exception):
    pass


def type_(validator, types, instance, schema):
    if not any(validator.is_type(instance, t) for t in types):
        reprs = ", ".join(repr(t) for t in types)
        yield ValidationError(f"{instance!r} is not of type {reprs}")


def minimum(validator, minimum, instance, schema):
    if instance < minimum:
        message = f"{instance!r} is less than the minimum of {minimum!r}"
        yield ValidationError(message)


def warnings(items):
    for item in items:
        if item is None:
            yield UserWarning("an item is None")


def not_errors(items):
    for item in items:
        yield make(item)
        yield ValidationError
        yield from items
        x = yield

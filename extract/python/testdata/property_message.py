# A raise whose class is an instance attribute __init__ sets from a
# parameter defaulting to an exception class, and whose message is a
# property building it from the instance's attributes (modelled on a
# template engine's placeholder for missing variables).
unset = object()


class MissingValue(Exception):
    pass


class Placeholder:
    def __init__(self, note=None, owner=unset, key=None, error=MissingValue):
        self._note = note
        self._owner = owner
        self._key = key
        self._error = error

    @property
    def _reason(self):
        if self._note:
            return self._note
        if self._owner is unset:
            return f"variable {self._key!r} was never set"
        return f"{type(self._owner).__name__} has no key {self._key!r}"

    def fail(self, *args):
        raise self._error(self._reason)

    __iter__ = __len__ = fail

# A factory method defined by a base class and called on self in a
# subclass (modelled on a schema library's Field.make_error, which every
# field type raises through).


class SchemaError(Exception):
    pass


class Column:
    def __init__(self, name):
        self.name = name

    def build_error(self, text):
        return SchemaError("column %s: %s" % (self.name, text))


class Typed(Column):
    pass


class Number(Typed):
    def check(self, value):
        if not isinstance(value, int):
            # build_error is Column's, two classes up.
            raise self.build_error("not a number")
        return value


class Text(Column):
    def check(self, value):
        if not value:
            raise self.build_error("empty text")
        return value

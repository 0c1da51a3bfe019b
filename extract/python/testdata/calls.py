# Calls of the file's own functions that return text become the texts
# they return, with the call's arguments in place of the parameters.


def describe(kind, name="<unnamed>"):
    return "%s %r" % (kind, name)


def missing(name):
    raise KeyError(describe("no such key", name) + " in the table")


def default_used():
    raise KeyError(describe("no such key"))


def coords(src, pos):
    def coord_repr(src, pos):
        if pos >= len(src):
            return "end of document"
        return f"line {src.count(chr(10), 0, pos) + 1}, column {pos}"

    raise ValueError(f"Invalid value (at {coord_repr(src, pos)})")


class Case:
    longMessage = True

    def _formatMessage(self, msg, standardMsg):
        if not self.longMessage:
            return msg or standardMsg
        if msg is None:
            return standardMsg
        return "%s : %s" % (standardMsg, msg)

    def assertTrue(self, expr, msg=None):
        if not expr:
            msg = self._formatMessage(msg, "%s is not true" % (expr,))
            raise AssertionError(msg)

    @staticmethod
    def plural(n):
        return "item" if n == 1 else "items"

    def count(self, n):
        raise ValueError("expected 3 %s, got %d" % (self.plural(3), n))


class Context:
    def __init__(self, case):
        self.case = case

    def fail(self, standardMsg):
        # _formatMessage is the file's only method of that name.
        msg = self.case._formatMessage(None, standardMsg)
        raise AssertionError(msg)


def not_text(n):
    return n * 2


def number():
    raise ValueError("twice is %s" % not_text(4))


def recursive(n):
    return recursive(n - 1) if n else "bottom"


def loop():
    raise RuntimeError("reached " + recursive(3))


def find_cycle(stack, node):
    return stack[stack.index(node):] + [node]


def cycle(stack, node):
    # A list is not a text: the call stays a hole, and so does the list.
    raise ValueError("nodes are in a cycle", find_cycle(stack, node))


def listed(items):
    raise ValueError("items: " + str([1, 2] + items))

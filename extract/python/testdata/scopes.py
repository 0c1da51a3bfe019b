"""Enclosing functions: classes, nesting, decorators, lambdas."""
import functools

raise RuntimeError("at module level")


def decorator(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        if not args:
            raise TypeError(f"{f.__name__}() needs arguments")
        return f(*args, **kwargs)
    return wrapper


class Outer:
    raise RuntimeError("in a class body")

    class Inner:
        @staticmethod
        @decorator
        def method(x):
            raise ValueError("nested class method")

        @property
        def size(self):
            raise AttributeError("size is not set")

    async def fetch(self, url):
        raise ConnectionError(f"cannot fetch {url}")


def outer(items):
    def inner(x):
        raise KeyError(f"inner: {x}")

    key = lambda item: item.name
    names = [key(i) for i in items]
    if not names:
        raise ValueError("empty: " + ", ".join(sorted(n.upper() for n in names)))
    raise ValueError(f"lambda in message: {sorted(items, key=lambda i: -i)}")


def with_comprehension(rows):
    return [check(r) for r in rows if r] or fail(
        ValueError("no rows"))


class Machine:
    def run(self):
        def step():
            class Local:
                def go(self):
                    raise RuntimeError("deep")
            return Local
        return step

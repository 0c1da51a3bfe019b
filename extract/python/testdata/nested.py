"""Raises in nested functions called from comprehensions, generator
expressions and lambdas: each site names the function it is written in."""
import functools


def validate_rows(rows):
    def check(row):
        if row < 0:
            raise ValueError(f"negative row: {row}")
        return row

    return [check(r) for r in rows]


def parse_all(items):
    return list(_parse(item) for item in items)


def _parse(item):
    raise ValueError(f"cannot parse {item!r}")


class Registry:
    def lookup_all(self, names):
        def missing(name):
            raise KeyError(name)

        return {n: self._items.get(n) or missing(n) for n in names}

    def ranked(self):
        return sorted(self._items, key=lambda k: self._rank(k))

    def _rank(self, key):
        def fail():
            raise LookupError(f"no rank for {key}")

        return self._ranks.get(key) or fail()


def thrower():
    # Not a raise statement: the generator's throw raises when the lambda
    # is called, and no site is recorded.
    return lambda: (_ for _ in ()).throw(ValueError("from a lambda"))


def numbers(values):
    for v in values:
        if v is None:
            raise TypeError("None among the values")
        yield v


async def chunks(stream):
    async for chunk in stream:
        if not chunk:
            raise EOFError("empty chunk")
        yield chunk


def validators(limits):
    def make(limit):
        @functools.wraps(make)
        def validate(v):
            if v > limit:
                raise OverflowError(f"{v} exceeds {limit}")
            return v

        return validate

    return [make(lim) for lim in limits]


class Config:
    values = [v for v in range(3)]

    def load(self):
        class Loader:
            def __call__(self, path):
                raise FileNotFoundError(path)

        return Loader()

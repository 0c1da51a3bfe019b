"""Comparisons of a variable with a constant or another variable have a
structured form."""
import os

LIMIT = 10


class Pool:
    def acquire(self, n):
        if self.count >= self.limit:
            raise RuntimeError("pool exhausted")
        if n > LIMIT:
            raise ValueError(f"{n} is over the limit")
        if LIMIT <= self.count:
            raise RuntimeError("count is at the limit")
        if len(self.items) > self.capacity:
            raise OverflowError("too many items")
        if os.SEEK_END != self.whence:
            raise ValueError("constant names go to the right")
        if self.count + n > self.limit:
            raise ValueError("a sum is not a subject")

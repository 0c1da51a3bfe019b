"""Early exits nested in if statements before a raise."""


def resize(buf, n, strict):
    if n == len(buf):
        if not strict:
            return buf
    raise ValueError(f"cannot resize to {n}")


def fetch(cache, key, refresh):
    for attempt in range(3):
        if key in cache:
            entry = cache[key]
            if entry.fresh and not refresh:
                continue
        raise KeyError(key)


def ambiguous(a, b, c):
    if a:
        if b:
            return 1
        if c:
            return 2
    raise ValueError("two exits: no guard")


def with_else(mode):
    if mode == "fast":
        return fast()
    else:
        prepare()
    raise NotImplementedError(mode)


def under_with(lock, ready):
    if ready:
        with lock:
            return True
    raise RuntimeError("not ready")


def raising_branch(a, b):
    if a:
        if b:
            raise ValueError("an earlier raise is no guard")
    raise RuntimeError("after the raise")


def elif_exit(a, b):
    if a:
        pass
    elif b:
        return
    raise RuntimeError("an exit in an elif: no guard")

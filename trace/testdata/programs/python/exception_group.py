def fetch(name):
    raise ConnectionError(f"cannot reach {name}")


def run():
    errors = []
    for name in ["db", "cache"]:
        try:
            fetch(name)
        except ConnectionError as exc:
            errors.append(exc)
    inner = ExceptionGroup("inner problems", [KeyError("region"), ValueError("bad\nmulti-line")])
    errors.append(inner)
    raise ExceptionGroup("startup failed", errors)


run()

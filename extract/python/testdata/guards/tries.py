"""A try statement before a raise whose body always returns: the raise
runs only after a handler caught an exception and fell through."""
import json


def load(text):
    try:
        return json.loads(text)
    except ValueError:
        pass
    raise TypeError("not JSON")


def parse_number(s):
    try:
        return int(s)
    except ValueError:
        pass
    except TypeError:
        return None
    try:
        n = float(s)
    except (ValueError, OverflowError):
        raise ValueError(f"not a number: {s!r}")
    else:
        return n


def import_backend():
    try:
        import fastbackend
    except ImportError:
        pass
    else:
        return fastbackend
    raise RuntimeError("no backend available")


def read(path):
    try:
        data = open(path).read()
    except OSError:
        data = None
    raise ValueError(f"the body falls through: no guard for {path}")


def close(conn):
    try:
        return conn.close()
    except KeyError:
        pass
    except:
        pass
    raise RuntimeError("close failed")

"""Site kinds: raise, reraise, raise-object, assert."""
import sys


def reraise(path):
    try:
        open(path)
    except FileNotFoundError:
        cleanup()
        raise
    except (KeyError, IndexError):
        raise
    except:
        raise


def raise_objects(self, exc_info):
    try:
        pass
    except ValueError as err:
        raise err
    raise self.error
    raise exc_info[1]
    raise sys.exc_info()[1]


def built_then_raised(n):
    exc = ValueError("bad count %d" % n)
    exc.count = n
    raise exc


def parameter_object(error):
    raise error


def asserts(x, items):
    assert x > 0, "x must be positive, got %d" % x
    assert items, f"no items for {x!r}"
    assert x is not None
    assert isinstance(x, int), (x, type(x))


def built_before(value, cls, result):
    # The exception is built before the raise; a cleanup binds the name to
    # None after it.
    ve_exc = None
    try:
        ve_exc = ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        if result is None:
            raise ve_exc
    finally:
        ve_exc = None


class Checker:
    failureException = AssertionError

    def fail(self, msg):
        # The class attribute names the class raised.
        raise self.failureException(msg)


def module_details(mod_name, error=ImportError):
    # The parameter's default names the class raised.
    raise error("No module named %s" % mod_name)


def rewrap(source, name):
    try:
        source.open(name)
    except ValueError as err:
        # err.msg is the caught error's message: an error hole.
        raise RuntimeError("%s at %s" % (err.msg, name)) from None


def check_cursor(text, cursor_position):
    # The assertion's message is an exception: it prints its argument.
    assert cursor_position <= len(text), AssertionError(
        f"cursor_position={cursor_position!r}, len_text={len(text)!r}"
    )

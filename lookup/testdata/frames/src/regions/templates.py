# A template engine's errors: its parser raises, and from_string rewrites
# the traceback to end in a frame of the template ("<template>", line 1),
# as template engines do to show where the template went wrong. The
# parser's frames are gone from what is printed.


class TemplateError(Exception):
    pass


def fail(msg):
    raise TemplateError(msg)


def parse(source):
    for tag in source.split():
        if tag not in ("if", "endif"):
            fail(f"Encountered unknown tag {tag!r}.")


def rewrite(exc):
    code = compile("raise __exc__", "<template>", "exec")
    try:
        exec(code, {"__exc__": exc})
    except TemplateError as e:
        return e.with_traceback(e.__traceback__.tb_next)


def from_string(source):
    try:
        parse(source)
    except TemplateError as e:
        raise rewrite(e.with_traceback(None)) from None

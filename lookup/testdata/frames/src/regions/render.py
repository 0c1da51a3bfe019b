# build is compiled from a string, as template engines compile templates:
# its frame prints as File "<string>".
BUILD = "def build(name):\n    raise LookupError('template ' + repr(name) + ' renders nothing')\n"
_ns = {}
exec(BUILD, _ns)


def render(name):
    raise _ns["build"](name)

# SyntaxError and its subclasses print the file's base name and the line
# of their details argument: "msg (file.py, line 3)".


def tokens(lnum, pos, line):
    raise IndentationError("unindent does not match any outer indentation level", ("<tokenize>", lnum, pos, line))


def parse(filename, lineno, text):
    raise SyntaxError("invalid syntax", (filename, lineno, 0, text))


def no_line():
    raise SyntaxError("bad input", ("/src/app/config.py", None, None, None))


def no_file(n):
    raise TabError("inconsistent use of tabs", (None, n, 0, ""))


def plain():
    raise SyntaxError("just a message")


def details_unknown(details):
    raise SyntaxError("opaque details", details)

"""String literal forms: every message here is fully literal."""


def escapes():
    raise ValueError("tab\there, newline\nthere, \x41\u00e9\U0001F600 \N{BULLET} \101 \\ \' \"")


def raw_strings():
    raise ValueError(r"raw \n stays \d+ and \x41")


def bytes_message():
    raise ValueError(b"bytes \x00\xff 'quoted'")


def triple_quoted():
    raise RuntimeError("""first line
    second line with 'quotes' and "doubles"
""")


def implicit_concatenation():
    raise TypeError(
        "expected a str, "
        'bytes or '
        f"os.PathLike object"
    )


def line_continuation():
    raise ValueError("part one, " \
                     "part two")


def continued_inside_string():
    raise ValueError("a long message \
continued on the next line")


def unicode_text():
    raise ValueError("ungültiger Wert — ✓ 日本語")


def unknown_escape():
    raise ValueError("a \d and \q stay as written")


def numbers():
    raise ValueError(0x1F)


def nothing():
    raise ValueError("")

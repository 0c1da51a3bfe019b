"""Wrappers around message text: gettext, dedent, join, strip."""
import gettext
import textwrap
from gettext import ngettext
from inspect import cleandoc
from textwrap import dedent

_ = gettext.gettext


def translated(name):
    raise ValueError(_("no such option: %s") % name)


def translated_module(name):
    raise ValueError(gettext.gettext("ambiguous option: %(option)s") % {"option": name})


def plural(n):
    raise ValueError(ngettext("%d file missing", "%d files missing", n) % n)


def dedented(path):
    raise RuntimeError(textwrap.dedent(f"""\
        Could not read {path}.
          Check that it exists.
        """))


def dedented_imported():
    raise RuntimeError(dedent("""
        first
          second
    """).strip())


def cleaned(name):
    raise ValueError(cleandoc(f"""
        Bad name {name}.
            Names are lowercase.
    """))


def joined(a, b):
    raise ValueError(", ".join(["alpha", "beta", a]) + "; " + " ".join(("x", b)))


def joined_generator(names):
    raise ValueError("missing: " + ", ".join(repr(n) for n in names))


def stripped():
    raise ValueError("  padded  ".strip() + "|" + "xxkeepxx".strip("x") + "|" + "  left".lstrip())

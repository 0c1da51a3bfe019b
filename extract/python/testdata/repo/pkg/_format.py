# A text formatting helper other modules import: it returns its first
# argument dedented, with its lines joined, formatted with the others.
import re
import textwrap


def unwrap(string, *params):
    output = textwrap.dedent(string)
    if output.find("\n") != -1:
        output = re.sub(r"(?<=\S)\n(?=[^ \n\t])", " ", output)
    if params:
        output = output % params
    return output.strip()


def shout(string, *params):
    # Not a formatter: it never formats its text with its arguments.
    return string.upper()

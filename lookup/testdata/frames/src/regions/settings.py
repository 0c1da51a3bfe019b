from regions.errors import EndOfInput, SettingsError


def next_line(lines, i):
    try:
        return lines[i]
    except IndexError:
        raise EndOfInput("no more input lines")


def read_setting(lines, key):
    try:
        next_line(lines, len(lines))
    except EndOfInput:
        raise SettingsError(key=key)

# Messages built as lists of parts, then joined (modelled on configparser's
# DuplicateSectionError and on code that collects problems).


class Error(Exception):
    def __init__(self, msg=""):
        self.message = msg
        Exception.__init__(self, msg)

    def __repr__(self):
        return self.message

    __str__ = __repr__


class DuplicateSectionError(Error):
    def __init__(self, section, source=None, lineno=None):
        msg = [repr(section), " already exists"]
        if source is not None:
            message = ["While reading from ", repr(source)]
            if lineno is not None:
                message.append(" [line {0:2d}]".format(lineno))
            message.append(": section ")
            message.extend(msg)
            msg = message
        else:
            msg.insert(0, "Section ")
        Error.__init__(self, "".join(msg))


def read(sections, fpname, lineno, name):
    if name in sections:
        raise DuplicateSectionError(name, fpname, lineno)


def add(sections, name):
    if name in sections:
        raise DuplicateSectionError(name)


def check(host, port):
    problems = ["invalid configuration:"]
    if not host:
        problems.append("no host")
    if port < 0:
        problems.append("port %d is negative" % port)
    raise ValueError(" ".join(problems))


def unknown_growth(items, extra):
    parts = ["items"]
    parts.extend(extra)
    raise ValueError(", ".join(parts))

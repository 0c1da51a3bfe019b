import errno


def check_family(family):
    # Inside "if family == 'AF_PIPE'", family is that text.
    if family == "AF_PIPE" and not _windows():
        raise ValueError("Family %s is not supported" % family)
    if "AF_UNIX" == family:
        raise ValueError(f"Family {family!r} is not supported here")
    raise ValueError("Family %s is not recognized" % family)


def reraise(err, path):
    if err.args[0] == errno.EINVAL:
        raise OSError(err.args[0], "invalid argument", path)
    if err.errno is None:
        raise RuntimeError(f"no errno ({err.errno})")


def rebound(mode):
    if mode == "r":
        mode = mode.upper()
        raise ValueError("mode %s" % mode)


def _windows():
    return False


class Machine:
    # An attribute set in the if's body is no longer the constant tested.
    def start(self, opts):
        if self.state == "idle":
            self.state = "starting"
            raise RuntimeError("cannot start while %s" % self.state)
        if opts.mode == "r":
            opts.mode, n = "w", 1
            raise RuntimeError("cannot start in %s" % opts.mode)
        if self.kind == "pipe":
            raise RuntimeError("cannot start a %s" % self.kind)

from ..errors import ConfigError
from .. import errors
from ... import outside
from ..checks import require
from .. import checks


def load(cfg, line):
    if "port" not in cfg:
        raise ConfigError("port", cfg.get("port"))
    raise errors.ParseError("unexpected token", line)


def parse_request(method, target):
    require(METHOD, method, "Illegal method characters")
    checks.require(TARGET, target, msg="Illegal target characters")


def parse_header(name):
    # The message is a format the function fills with what follows it.
    require(NAME, name, "Illegal header name {!r}", name)

from ..errors import ConfigError
from .. import errors
from ... import outside


def load(cfg, line):
    if "port" not in cfg:
        raise ConfigError("port", cfg.get("port"))
    raise errors.ParseError("unexpected token", line)

# A module-level alias of a class of another module: a raise through it
# raises that class, whose qualified name Python prints.
from . import errors

LoaderFailure = errors.ConfigError

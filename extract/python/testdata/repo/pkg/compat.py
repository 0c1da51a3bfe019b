# A module-level alias of a class of another module: a raise through it
# raises that class, whose qualified name Python prints.
from . import errors

LoaderFailure = errors.ConfigError

# An alias of a class of another repository: Python prints that class's
# name.
from distutils import errors as _distutils_errors

FileError = _distutils_errors.DistutilsFileError

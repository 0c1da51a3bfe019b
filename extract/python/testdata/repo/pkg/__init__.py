"""A package that re-exports its errors."""
from .errors import ConfigError, ParseError
from .errors import ParseError as Error

__all__ = ["ConfigError", "ParseError", "Error"]

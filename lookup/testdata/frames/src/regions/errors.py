class RegionError(Exception):
    """The message comes from a format the subclass sets after the class
    is defined, as botocore's exceptions do through their fmt attribute."""

    fmt = "An unspecified error occurred"

    def __init__(self, **kwargs):
        Exception.__init__(self, self.fmt.format(**kwargs))


class InvalidRegionError(RegionError):
    pass


InvalidRegionError.fmt = "Provided region_name '{region_name}' doesn't match a supported format."


class EndOfInput(Exception):
    pass


class SettingsError(RegionError):
    pass


SettingsError.fmt = "setting {key!r} is missing from the file"


# The public package the classes are exported from, as trio and numpy
# rename theirs: tracebacks print regionkit.InvalidRegionError.
for _cls in (InvalidRegionError, SettingsError):
    _cls.__module__ = "regionkit"

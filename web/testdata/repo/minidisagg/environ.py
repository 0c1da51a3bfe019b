"""Environment variables read at start-up."""
import os


class EnvInt:
    """An integer environment variable with a default."""

    def __init__(self, default):
        self.default = default
        self.name = None

    def __set_name__(self, owner, name):
        self.name = name

    def get(self):
        raw = os.environ.get(self.name)
        if raw is None or raw == "":
            return self.default
        try:
            return int(raw)
        except ValueError:
            raise ValueError(f"environment variable {self.name} must be an integer, got {raw!r}") from None


class Envs:
    DISAGG_SAMPLING_MASK_MAX_TOKENS = EnvInt(0)
    DISAGG_STAGING_BUFFER = EnvInt(0)


envs = Envs()

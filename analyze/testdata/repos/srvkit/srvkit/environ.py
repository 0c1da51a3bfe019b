"""Environment variables of srvkit, with their types and defaults."""

import os


class EnvField:
    def __init__(self, default):
        self.default = default
        self.name = None

    def __set_name__(self, owner, name):
        self.name = name

    def get(self):
        value = os.environ.get(self.name)
        if value is None:
            return self.default
        return self.parse(value)

    def parse(self, value):
        return value


class EnvInt(EnvField):
    def parse(self, value):
        return int(value)


class EnvBool(EnvField):
    def parse(self, value):
        return value.lower() in ("1", "true", "yes")


class Envs:
    SRVKIT_LOG_REQUESTS = EnvBool(False)
    SRVKIT_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS = EnvInt(0)
    SRVKIT_DISAGG_STAGING_BUFFER = EnvBool(False)
    SRVKIT_DISAGG_STAGING_BUFFER_SIZE_MB = EnvInt(64)


envs = Envs()

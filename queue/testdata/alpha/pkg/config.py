import os


class Settings:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(f"settings file {path} does not exist")
        self.path = path

    def port(self, value):
        if value < 1024:
            raise ValueError(f"port {value} is reserved; pick one above 1023")
        return value

import configparser


class ConfigError(Exception):
    pass


def read(text):
    parser = configparser.ConfigParser()
    try:
        parser.read_string(text)
    except configparser.Error as exc:
        raise ConfigError(f"cannot parse settings: {exc}") from exc


read("[main]\nkey = 1\n[main]\n")

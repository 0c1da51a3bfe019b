settings = {"host": "localhost"}


def port():
    try:
        return settings["port"]
    except KeyError:
        raise RuntimeError("no port configured\nset PORT in the environment")


port()

import json

from webframework.exceptions import HTTPError


class APIError(HTTPError):
    def __init__(self, kind, message):
        # The foreign base prints its own description; the message is
        # kept in attributes.
        super().__init__()
        self.kind = kind
        self.message = message
        self.description = json.dumps({"__type": kind, "message": message})


class OpaqueError(HTTPError):
    def __init__(self, detail):
        super().__init__()
        self.detail = detail


class PlainError(HTTPError):
    pass


def get_table(tables, name):
    if name not in tables:
        raise APIError("ResourceNotFound", f"Table {name} not found")
    if tables[name] is None:
        raise OpaqueError(name)
    raise PlainError()

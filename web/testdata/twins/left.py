def open_left(path):
    if not path:
        raise ValueError("path must not be empty")
    return path

def open_right(path):
    if not path:
        raise ValueError("path must not be empty")
    return path

class Cache:
    def __init__(self, size):
        if size <= 0:
            raise ValueError(f"cache size must be positive, got {size}")
        self.size = size
        self.items = {}

    def get(self, key):
        if key not in self.items:
            raise KeyError(f"no cached entry for {key!r}")
        return self.items[key]

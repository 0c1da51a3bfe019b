class QuotaExceeded(Exception):
    def __init__(self, used, limit):
        super().__init__(f"quota exceeded: used {used} of {limit} units")


def spend():
    raise QuotaExceeded(120, 100)


spend()

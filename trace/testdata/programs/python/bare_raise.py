def stop():
    raise NotImplementedError


stop()

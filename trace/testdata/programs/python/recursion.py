def walk(n):
    return walk(n + 1)


walk(0)

# Not indexed: a file of another library with the same base name as
# regions/validate.py, raising at the same line in another function.


def check(value):
    raise ValueError("Provided value %r is not accepted" % (value,))

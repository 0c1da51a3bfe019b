from mypkg import errors


def check(x):
    if x < 0:
        raise errors.BadThing("bad thing %d" % x)
    return x

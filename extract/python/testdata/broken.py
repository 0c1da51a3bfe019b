def good():
    raise ValueError("before the damage")


def bad(:
    raise ValueError("inside the damage")
    x = = 1


def good_again():
    raise ValueError("after the damage")

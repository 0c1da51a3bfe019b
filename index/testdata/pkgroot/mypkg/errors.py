class BadThing(Exception):
    pass

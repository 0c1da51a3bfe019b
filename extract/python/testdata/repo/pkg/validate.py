from . import texts
from .texts import BAD_VALUE, MAYBE, UNKNOWN_FIELD


def check(document, value, key):
    if document is None:
        raise ValueError(texts.DOCUMENT_MISSING)
    if not isinstance(document, dict):
        raise TypeError(texts.DOCUMENT_FORMAT.format(document))
    if value is None:
        raise ValueError(BAD_VALUE % (value, key))
    if key not in document:
        raise KeyError(UNKNOWN_FIELD.format(name=key))
    raise RuntimeError(MAYBE)

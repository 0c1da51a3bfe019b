from ._tokenizer import Tokenizer


def parse_marker_var(tokenizer: Tokenizer, quoted):
    """A marker variable, or a quoted string, or neither."""
    if quoted:
        return quoted
    tokenizer.raise_syntax_error(message="Expected a marker variable or quoted string")


def parse_extras(tokenizer: "Tokenizer", names):
    if not names:
        tokenizer.raise_syntax_error("Expected comma between extra names", span_start=0)
    return names


def not_annotated(tokenizer, names):
    # Nothing says what tokenizer is: no binding.
    tokenizer.raise_syntax_error("Expected nothing from an unknown object")

import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import syntax_error  # noqa: E402

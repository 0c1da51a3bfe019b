"""f-string forms."""


def conversions(value, name, width):
    raise ValueError(f"bad value {value!r} for {name!s} (ascii {name!a})")


def specs(ratio, count, total, width):
    raise ValueError(f"{ratio:.1%} done, {count:5d} of {total:>{width}} ({total:x} hex)")


def self_documenting(limit, size):
    raise ValueError(f"{size=} exceeds {limit = }, {size=!s}, {limit=:>8}")


def escapes(key):
    raise KeyError(f"{{literal braces}} around {key} and {{{key}}}")


def nested(items, sep):
    raise ValueError(f"items: {f'[{sep.join(items)}]'} and {f'{len(items)} items'!r}")


def known_values():
    unit = "ms"
    raise ValueError(f"timeout in {unit}, {'inline'} text, {3} retries, {unit!r}")


def multiline(path, mode):
    raise OSError(
        f"cannot open {path} "
        f"in mode {mode!r}: "
        "permission denied"
    )


def expressions(obj, args, mask):
    raise TypeError(f"{type(obj).__name__}() takes {len(args)} arguments, mask {mask[0]} of {obj.shape[-1]}")


def raw_fstring(pattern):
    raise ValueError(rf"bad pattern \d {pattern}")


def conditional_field(flag):
    raise ValueError(f"mode is {'on' if flag else 'off'}")

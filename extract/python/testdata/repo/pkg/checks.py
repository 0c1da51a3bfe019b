class LocalProtocolError(Exception):
    pass


def require(regex, data, msg="malformed data", *format_args):
    # Callers in other modules pass the message.
    if not regex.fullmatch(data):
        if format_args:
            msg = msg.format(*format_args)
        raise LocalProtocolError(msg)

package com.acme.json;

// A base class reports the errors its subclasses in other files find:
// their calls pass the messages.
public abstract class ParserBase {
    protected ParseException _constructError(String msg) {
        return new ParseException(msg);
    }

    protected final void _reportError(String msg) throws ParseException {
        throw _constructError(msg);
    }

    protected final void _reportError(String msg, Object arg1, Object arg2) throws ParseException {
        throw _constructError(String.format(msg, arg1, arg2));
    }

    protected void _reportUnexpectedChar(int ch, String comment) throws ParseException {
        String msg = "Unexpected character (" + ch + ")";
        if (comment != null) {
            msg += ": " + comment;
        }
        _reportError(msg);
    }
}

package com.acme.json;

public class TextParser extends ParserBase {
    private final Context ctx = new Context();

    void token(String tok, String expected) throws ParseException {
        _reportError("Unrecognized token '%s': was expecting %s", tok, expected);
    }

    void value(int ch) throws ParseException {
        _reportUnexpectedChar(ch, "expected a value");
    }

    void field() throws ParseException {
        _reportError("Can not write a field name, expecting a value");
    }

    void charset() throws ParseException {
        _reportError("UTF-8"); // a name, no message
    }

    void mismatch(String type) throws ParseException {
        ctx.reportInputMismatch("Cannot deserialize value of type %s from %s", type, "Array");
    }

    void unknown(String name) throws ParseException {
        throw UnknownFieldException.from(name, TextParser.class);
    }
}

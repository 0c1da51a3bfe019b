package com.acme.json;

public class Context {
    public void reportInputMismatch(String msg, Object... msgArgs) throws ParseException {
        throw new ParseException(String.format(msg, msgArgs));
    }
}

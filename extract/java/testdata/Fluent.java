package example;

import java.io.IOException;

// Calls on a new exception return it: initCause, and a library's own
// fluent setters (Jackson's withRequestPayload). The throw and the
// factory both construct the exception the chain starts from.
public class Fluent {
    static class ParseException extends Exception {
        ParseException(String msg) {
            super(msg);
        }

        ParseException withPayload(Object p) {
            return this;
        }
    }

    Object payload;

    void read(String name, Exception e) throws IOException {
        throw (IOException) new IOException("cannot read " + name).initCause(e);
    }

    ParseException constructError(String msg) {
        return new ParseException(msg).withPayload(payload);
    }

    void reportError(String msg) throws ParseException {
        throw constructError(msg);
    }

    void unexpected(char c) throws ParseException {
        reportError("Unexpected character '" + c + "'");
    }
}

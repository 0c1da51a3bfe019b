package com.acme.wrap;

import java.io.IOException;
import java.net.URISyntaxException;

/** Exceptions that carry the message of the exception they wrap. */
class Wrap {
    static Object create(String s) {
        try {
            return new java.net.URI(s);
        } catch (URISyntaxException x) {
            throw new IllegalArgumentException(x.getMessage(), x);
        }
    }

    void read(Reader r) {
        try {
            r.read();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("read failed: " + e.getLocalizedMessage(), e);
        }
    }

    void check(Throwable cause, Object other) {
        if (cause != null) throw new IllegalStateException("failed: " + cause.getMessage());
        throw new IllegalStateException("other: " + other.getMessage());
    }
}

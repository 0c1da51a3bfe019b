package com.acme.parse;

import com.acme.errors.NotFoundException;

/** Factories of the exceptions the parsers throw. */
public final class Errors {
    private Errors() {}

    static IllegalArgumentException badValue(String s, int radix) {
        return new IllegalArgumentException("Bad value: \"" + s + "\"" + (radix == 10 ? "" : " under radix " + radix));
    }

    static RuntimeException outOfBounds(int index, int length) {
        return length < 0
            ? new IndexOutOfBoundsException("Negative length " + length)
            : new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + length);
    }

    static RuntimeException checkIndex(int index, int length) {
        return outOfBounds(index, length);
    }

    static NotFoundException missing(long id) {
        return new NotFoundException(id);
    }
}

package com.acme.uri;

/** The int constructor builds the message its String sibling takes. */
public class IndexException extends IndexOutOfBoundsException {
    public IndexException(String s) {
        super(s);
    }

    public IndexException(int index) {
        super("String index out of range: " + index);
    }

    public IndexException(int index, int length) {
        super("index " + index + ", length " + length);
    }
}

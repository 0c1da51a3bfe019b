package com.acme.uri;

public class Parser {
    void parse(String input, int p) throws SyntaxException {
        if (p < 0) throw new SyntaxException(input, "Illegal character in authority", p);
        throw new SyntaxException(input, "Expected scheme name");
    }

    static char charAt(byte[] value, int index) {
        if (index < 0) throw new IndexException(index);
        if (index >= value.length) throw new IndexException(index, value.length);
        return (char) value[index];
    }
}

package com.acme.parse;

public class Parser extends Buffer {
    static Parser allocate(int capacity) {
        if (capacity < 0) throw createCapacityException(capacity);
        return null;
    }

    int parse(String s, int at, int n) {
        if (s.isEmpty()) throw Errors.badValue(s, 16);
        if (at >= n) throw Errors.checkIndex(at, n);
        if (at < 0) throw Errors.missing(at);
        return 1;
    }
}

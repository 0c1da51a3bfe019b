package com.acme.io;

import java.io.*;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeoutException;

public class Throws {
    private static final String PREFIX = "reader: ";
    private final int limit = 10;

    public Throws(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must be non-negative: " + size);
        }
    }

    String read(String path, int n) throws IOException {
        if (path == null) throw new NullPointerException();
        if (n > limit) throw new IOException(PREFIX + "too many bytes requested: " + n + " > " + limit);
        if (n == 0) throw new FileNotFoundException(path);
        if (n == 1) throw new java.io.UncheckedIOException("wrapped", new IOException("inner"));
        if (n == 2) throw new NoSuchElementException(String.format("no element %s at index %d (%.2f%%)", path, n, 0.5));
        if (n == 3) throw new IllegalStateException("state %s is %s".formatted(path, "broken"));
        if (n == 4) throw new TimeoutException(MessageFormat.format("Timed out after {0} ms, can''t read {1}", n, path));
        try {
            return open(path);
        } catch (RuntimeException e) {
            throw new IOException(e);
        } catch (IOException | SecurityException e) {
            throw e;
        }
    }

    void variables(int code, String name) {
        String msg = "unknown code";
        if (code == 1) {
            msg = "code one for " + name;
        } else if (code == 2) {
            msg = "code two";
        }
        throw new RuntimeException(msg);
    }

    void switches(int code) {
        String reason;
        switch (code) {
            case 1:
                reason = "one";
                break;
            default:
                reason = "other";
        }
        throw new UnsupportedOperationException("unsupported: " + reason + ' ' + 'x' + 1 + ('a' + 1));
    }

    void existing() {
        RuntimeException err = new IllegalStateException("prepared " + limit);
        throw err;
    }

    void opaque(Exception cause, RuntimeException rt) {
        throw rt;
    }

    static IllegalArgumentException invalid(String what, Object value) {
        return new IllegalArgumentException("invalid " + what + ": " + value);
    }

    void usesFactory(int v) {
        throw invalid("value", v);
    }

    private static String describe(String key) {
        return "key '" + key + "' is missing";
    }

    void usesHelper(String k) {
        throw new NoSuchElementException(describe(k));
    }

    void textBlock(String name) {
        throw new IllegalStateException("""
            Cannot start %s:
              the port is in use\
             (try another)
            """.formatted(name));
    }

    void builder(int a) {
        throw new IllegalStateException(new StringBuilder("a=").append(a).append(", limit=").append(limit).toString());
    }

    void escapes() {
        throw new Error("tab\there \"q\" \u00e9 \101 \0end");
    }
}

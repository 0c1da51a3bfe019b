package com.acme.http;

import static java.lang.String.format;

/** Factories that format their message from their own parameters. */
public final class Checks {
    private Checks() {}

    public static IllegalArgumentException badArgument(String message, Object... args) {
        return new IllegalArgumentException(format(message, args));
    }

    public static IllegalStateException badState(String pattern, Object... args) {
        return new IllegalStateException(java.text.MessageFormat.format(pattern, args));
    }

    public static UnsupportedOperationException unsupported(String what, Object... args) {
        return new UnsupportedOperationException(computeText(what, args));
    }

    private static String computeText(String what, Object[] args) {
        return what + args.length;
    }
}

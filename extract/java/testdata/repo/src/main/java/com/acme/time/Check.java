package com.acme.time;

/** A check that throws the message its callers pass, formatted. */
public final class Check {
    private Check() {
    }

    public static void isTrue(boolean ok, String message, Object... values) {
        if (!ok) {
            throw new IllegalArgumentException(String.format(message, values));
        }
    }
}

package com.acme.time;

/** Message helpers shared by the parsers of the package. */
public final class FormatText {
    private FormatText() {
    }

    static String badInput(String text, int pos) {
        if (pos <= 0) {
            return "Bad input: '" + text + "'";
        }
        return "Bad input: '" + text + "' fails at " + pos;
    }

    public static String describe(Object value) {
        return String.valueOf(value);
    }
}

package com.acme.regex;

/** Messages passed to the helpers that throw them. */
class Helpers {
    private final String pattern;
    private int cursor;

    Helpers(String pattern) {
        this.pattern = pattern;
    }

    private void accept(int ch, String s) {
        if (ch != pattern.charAt(cursor++)) {
            throw error(s);
        }
    }

    private IllegalStateException error(String s) {
        return new IllegalStateException(s + " near index " + (cursor - 1));
    }

    private void expect(boolean ok, String what) {
        if (!ok) throw new IllegalArgumentException("expected " + what);
    }

    void group(String name) {
        accept(')', "Unclosed group");
        accept('}', "Unclosed counted closure");
        expect(cursor > 0, name);
        this.expect(cursor < 10, "a short pattern");
    }
}

package com.acme.time;

import static com.acme.time.FormatText.badInput;

/** Parsers that throw what the helpers of FormatText say. */
class Parsers {
    long parseInstant(String text) {
        int pos = scan(text);
        if (pos >= 0) {
            throw new IllegalArgumentException(FormatText.badInput(text, pos));
        }
        return pos;
    }

    long parseSpan(String text) {
        int pos = scan(text);
        if (pos >= 0) {
            throw new IllegalStateException("span: " + badInput(text, pos));
        }
        return pos;
    }

    private int scan(String text) {
        return text.indexOf('x');
    }
}

package com.acme.time;

/**
 * A message a helper builds with a builder declared with appends and then
 * appended to in nested if-else branches, kept in a field that
 * getMessage() returns.
 */
public class RangeError extends IllegalArgumentException {
    private static String text(String field, Number value, Number min, Number max) {
        StringBuilder sb = new StringBuilder().append("Field ").append(field).append(" got ").append(value);
        if (min == null) {
            if (max == null) {
                sb.append(" (unsupported)");
            } else {
                sb.append(" above ").append(max);
            }
        } else if (max == null) {
            sb.append(" below ").append(min);
        } else {
            // both bounds
            sb.append(" outside ").append(min)
                .append("..").append(max);
        }
        return sb.toString();
    }

    private final String field;
    private String message;

    public RangeError(String field, Number value, Number min, Number max) {
        super(text(field, value, min, max));
        this.field = field;
        message = super.getMessage();
    }

    @Override
    public String getMessage() {
        return message;
    }

    static void check(String field, int v, int lo, int hi) {
        if (v < lo || v > hi) {
            throw new RangeError(field, v, lo, hi);
        }
    }
}

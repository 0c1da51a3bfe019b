package com.acme.bounds;

/** A message helper with more returns than a few. */
final class ManyReturns {
    private static String describe(String kind, int a, int b, int c) {
        if (kind == null) {
            return "Check failed";
        } else if (kind.isEmpty()) {
            return "Check failed: " + a;
        }
        switch (kind) {
            case "one":
                return String.format("Slot %s is past %s", a, b);
            case "span":
                return String.format("Span [%s, %s) is past %s", a, b, c);
            case "sized":
                return String.format("Span [%s, %<s + %s) is past %s", a, b, c);
            default:
                return "Check failed: " + kind;
        }
    }

    static void checkSpan(int from, int to, int size) {
        if (from < 0 || from > to || to > size) {
            throw new IndexOutOfBoundsException(describe("span", from, to, size));
        }
    }
}

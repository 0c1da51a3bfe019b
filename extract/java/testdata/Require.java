package com.acme.check;

import java.util.Collection;
import java.util.Map;

/** Checks that throw what their callers pass, formatted or not. */
public final class Require {
    private static final String BLANK = "The checked text is blank";
    private static final String BAD_INDEX = "The checked index is invalid: %d";
    private static final String EMPTY_LIST = "The checked collection is empty";
    private static final String EMPTY_MAP = "The checked map is empty";

    public static void notBlank(String s) {
        notBlank(s, BLANK);
    }

    public static void notBlank(String s, String message, Object... values) {
        if (s == null || s.trim().isEmpty()) {
            throw new IllegalArgumentException(String.format(message, values));
        }
    }

    public static void index(int[] a, int i) {
        index(a, i, BAD_INDEX, i);
    }

    public static void index(int[] a, int i, String message, Object... values) {
        if (i < 0 || i >= a.length) {
            throw new IndexOutOfBoundsException(String.format(message, values));
        }
    }

    public static <T extends Collection<?>> T notEmpty(final T items) {
        return notEmpty(items, EMPTY_LIST);
    }

    public static <T extends Collection<?>> T notEmpty(final T items, final String message, final Object... values) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException(String.format(message, values));
        }
        return items;
    }

    public static <M extends Map<?, ?>> M notEmpty(final M map) {
        return notEmpty(map, EMPTY_MAP);
    }

    public static <M extends Map<?, ?>> M notEmpty(final M map, final String message, final Object... values) {
        if (map.isEmpty()) {
            throw new IllegalArgumentException(String.format(message, values));
        }
        return map;
    }
}

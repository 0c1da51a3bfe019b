package demo;

import java.util.Locale;

// A method of the file that formats its arguments, a format and its
// values, gives its calls' messages formatted.
public class FormatHelper {
    void parse(String key, String value) {
        try {
            Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(format("key %s value set to %s, must be integer", key, value), e);
        }
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}

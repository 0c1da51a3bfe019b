package example;

import static com.google.common.base.Strings.lenientFormat;

// Guava's Strings.lenientFormat statically imported, in a helper of the
// file that returns the message (Preconditions.badElementIndex).
public class LenientImport {
    public static int checkElementIndex(int index, int size, String desc) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(badElementIndex(index, size, desc));
        }
        return index;
    }

    private static String badElementIndex(int index, int size, String desc) {
        if (index < 0) {
            return lenientFormat("%s (%s) must not be negative", desc, index);
        } else if (size < 0) {
            throw new IllegalArgumentException("negative size: " + size);
        } else {
            return lenientFormat("%s (%s) must be less than size (%s)", desc, index, size);
        }
    }
}

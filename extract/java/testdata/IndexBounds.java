package com.acme.text;

/** The JDK's index exceptions constructed with an index. */
class IndexBounds {
    private final char[] buf = new char[16];
    private int size;

    char charAt(int index) {
        if (index < 0 || index >= size) {
            throw new StringIndexOutOfBoundsException(index);
        }
        return buf[index];
    }

    void check(long pos, int slot) {
        if (pos < 0) {
            throw new IndexOutOfBoundsException(pos);
        }
        if (slot >= buf.length) {
            throw new java.lang.ArrayIndexOutOfBoundsException(slot);
        }
        if (slot < 0) {
            throw new ArrayIndexOutOfBoundsException("negative slot " + slot);
        }
    }
}

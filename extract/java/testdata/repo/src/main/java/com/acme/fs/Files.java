package com.acme.fs;

import java.io.IOException;

/** Throws what an Errno translates, built a line before it is thrown. */
final class Files {
    private Files() {}

    static void fail(Errno errno, Object where) throws IOException {
        String path = (where == null) ? null : where.toString();
        IOException x = errno.translate(path);
        throw x;
    }
}

package com.acme.fs;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** Translates an error number into the exception it stands for. */
final class Errno {
    private final int code;

    Errno(int code) {
        this.code = code;
    }

    IOException translate(String file) {
        if (code == 2) {
            return new NoSuchFileException(file);
        }
        if (code == 13) {
            return new AccessDeniedException(file);
        }
        return new IOException("error " + code + " on " + file);
    }
}

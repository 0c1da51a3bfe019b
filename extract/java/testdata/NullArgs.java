package com.acme.codec;

/** Null arguments pass no message text. */
class NullArgs {
    /** A failure whose constructor passes no message up. */
    static class Unnamed extends RuntimeException {
        private final String name;

        Unnamed(String name) {
            super((String) null);
            this.name = name;
        }
    }

    private String charset;

    NullArgs(String configured) throws java.io.IOException {
        try {
            setCharset(configured);
        } catch (java.io.IOException e) {
            setCharset(null);
        }
    }

    void setCharset(String charset) throws java.io.IOException {
        if (charset != null && charset.isEmpty()) {
            throw new java.io.UnsupportedEncodingException(charset);
        }
        this.charset = charset;
    }

    void lookup(String name) {
        throw new Unnamed(name);
    }
}

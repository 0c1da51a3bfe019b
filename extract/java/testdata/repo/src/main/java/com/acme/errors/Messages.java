package com.acme.errors;

public final class Messages {
    public static final String CLOSED = "the store is closed";
    public static final String READ_ONLY = "the store is read-only: " + CLOSED;

    public static class QuotaException extends Exception {
        private final int used;
        private final int limit;

        public QuotaException(int used, int limit) {
            this.used = used;
            this.limit = limit;
        }

        @Override
        public String getMessage() {
            return "quota exceeded: " + used + " of " + limit;
        }
    }
}

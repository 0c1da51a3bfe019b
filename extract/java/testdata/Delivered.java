package com.acme.async;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/** Exceptions handed to a future or a result rather than thrown. */
class Delivered {
    static final class Outcome {
        final Throwable failure;

        Outcome(Throwable failure) {
            this.failure = failure;
        }
    }

    void expire(CompletableFuture<String> f, long millis) {
        f.completeExceptionally(new TimeoutException("no reply after " + millis + " ms"));
    }

    Outcome wrap(Throwable t) {
        return new Outcome(t instanceof IllegalStateException ? t : new IllegalStateException("wrapped", t));
    }

    void cause(String name) {
        RuntimeException e = new RuntimeException("bad " + name, new IllegalArgumentException("inner " + name));
        throw e;
    }

    void thrown(String name) {
        throw new IllegalStateException(String.valueOf(new IllegalArgumentException(name)));
    }
}

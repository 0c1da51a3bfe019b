package com.acme.tasks;

import java.util.concurrent.ExecutionException;

/** A cause held as an Object and cast where it is wrapped. */
class CastCause {
    private Object outcome;

    Object report() throws ExecutionException {
        Object x = outcome;
        if (x instanceof Throwable) {
            throw new ExecutionException((Throwable) x);
        }
        return x;
    }
}

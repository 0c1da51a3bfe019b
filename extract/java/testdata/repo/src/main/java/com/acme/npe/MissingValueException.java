package com.acme.npe;

/** getMessage() computes a message only when none was given. */
public class MissingValueException extends RuntimeException {
    private String extendedMessage;

    public MissingValueException() {
    }

    public MissingValueException(String s) {
        super(s);
    }

    public String getMessage() {
        String message = super.getMessage();
        if (message == null) {
            synchronized (this) {
                return extendedMessage;
            }
        }
        return message;
    }
}

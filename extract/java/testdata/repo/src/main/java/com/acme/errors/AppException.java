package com.acme.errors;

public class AppException extends RuntimeException {
    private final String code;

    public AppException(String code, String message) {
        super("[" + code + "] " + message);
        this.code = code;
    }

    public AppException(String message, Throwable cause) {
        super(message, cause);
        this.code = "E_WRAPPED";
    }

    public AppException(Throwable cause) {
        super(cause);
        this.code = "E_CAUSE";
    }
}

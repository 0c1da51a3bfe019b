package com.acme.app;

class StoreException extends com.acme.errors.AppException {
    StoreException(String message) {
        super("E_STORE", message);
    }
}

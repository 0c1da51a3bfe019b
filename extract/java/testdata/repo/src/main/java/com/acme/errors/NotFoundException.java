package com.acme.errors;

public class NotFoundException extends AppException {
    public NotFoundException(String kind, long id) {
        super("E_NOT_FOUND", String.format("%s %d not found", kind, id));
    }

    public NotFoundException(long id) {
        this("entity", id);
    }
}

package com.acme.json;

// A factory that changes the exception it makes before it returns it.
public class UnknownFieldException extends ParseException {
    private String path;

    public UnknownFieldException(String msg) {
        super(msg);
    }

    public void prependPath(String p) {
        path = p + path;
    }

    public static UnknownFieldException from(String name, Class<?> ref) {
        String msg = String.format("Unrecognized field \"%s\" (class %s), not marked as ignorable", name, ref.getName());
        UnknownFieldException e = new UnknownFieldException(msg);
        e.prependPath(name);
        return e;
    }
}

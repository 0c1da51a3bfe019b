package com.acme.store;

/** Constants and factories an implementing class inherits. */
public interface StoreMessages {
    String MISSING = "no such entry";

    static IllegalArgumentException badKey(String key) {
        return new IllegalArgumentException("bad key " + key);
    }

    default IllegalStateException closed(String name) {
        return new IllegalStateException(name + " is closed");
    }
}

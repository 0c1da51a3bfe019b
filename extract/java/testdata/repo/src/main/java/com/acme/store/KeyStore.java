package com.acme.store;

/** Throws with the constants and factories of the interface it implements. */
class KeyStore implements StoreMessages {
    private boolean open;

    String get(String key) {
        if (key.isEmpty()) {
            throw new IllegalArgumentException(MISSING + ": " + key);
        }
        if (!open) {
            throw closed("store");
        }
        throw StoreMessages.badKey(key);
    }
}

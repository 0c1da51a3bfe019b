package com.acme.time;

/** Fields checked through Check, in another file. */
class Fields {
    static int read(String name, Class<?> owner, int index) {
        Check.isTrue(index >= 0, "Cannot read field %s of %s", name, owner);
        return index;
    }
}

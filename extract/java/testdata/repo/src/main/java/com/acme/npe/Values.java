package com.acme.npe;

class Values {
    static Object require(Object o, String what) {
        if (o == null) throw new MissingValueException();
        if (what == null) throw new MissingValueException("what must not be null");
        if (what.isEmpty()) throw new MissingValueException(what);
        return o;
    }

    static void fail(String why) throws Failure {
        throw new Failure("failed: " + why);
    }
}

class Broken {
    void ok() { throw new IllegalStateException("before"); }
    void broken( { throw new IllegalStateException("inside" + ); }
    void alsoOk() { throw new IllegalStateException("after"); }
}

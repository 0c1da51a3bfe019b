package com.acme.cycles;

class Other {
    void viaB(int n) {
        throw B.f(n);
    }

    void viaC(int n) {
        throw C.f(n);
    }
}
